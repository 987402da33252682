import { changeUser, confirmEmailChange } from '../../services/account';
import { requestPasswordReset } from '../../services/auth';
import {
  requestSoldOutNotification,
  sendContactFormMail,
  sendContactRequest,
  sendReferral,
} from '../../services/client-requests';
import { signedInUser } from '../access';
import type { MutationResolvers, UserResolvers } from '../resolvers-types.generated';

export const accountMutations = {
  changeUser: (_parent, args, context) =>
    changeUser(context.db, context.config, signedInUser(context), args, context.clientIp),
  confirmEmailChange: (_parent, { token }, { db }) => confirmEmailChange(db, token),
  requestPasswordLink: (_parent, _args, context) =>
    requestPasswordReset(context.db, context.config, signedInUser(context).email, context.clientIp),
  sendContactRequest: async (_parent, args, context) => {
    const callbackAt = args.callbackAt ? new Date(args.callbackAt) : null;
    const result = await sendContactRequest(
      context.db,
      context.user,
      { ...args, callbackAt },
      context.clientIp,
    );
    if (result.success) context.nudgeOutbox();
    return result;
  },
  sendReferral: async (_parent, args, context) => {
    const result = await sendReferral(context.db, signedInUser(context), args, context.clientIp);
    if (result.success) context.nudgeOutbox();
    return result;
  },
  requestSoldOutNotification: async (_parent, { vintageId }, context) => {
    const result = await requestSoldOutNotification(context.db, signedInUser(context), vintageId);
    if (result.success) context.nudgeOutbox();
    return result;
  },
  sendContactFormMail: async (_parent, args, context) => {
    const result = await sendContactFormMail(
      context.db,
      context.config.supportEmail,
      signedInUser(context),
      args,
      context.clientIp,
    );
    if (result.success) context.nudgeOutbox();
    return result;
  },
} satisfies MutationResolvers;

export const accountUserFields = {
  personalOffersCount: (user, _args, { loaders }) => loaders.personalOffersCount.load(user.id),
  orderPositionsCount: (user, _args, { loaders }) => loaders.orderPositionsCount.load(user.id),
  soldOutRequestVintageIds: (user, _args, { loaders }) => loaders.soldOutRequestVintageIds.load(user.id),
} satisfies UserResolvers;
