import { registerPushSubscription, removePushSubscription } from '../../services/push';
import { signedInUser } from '../access';
import type { MutationResolvers, QueryResolvers } from '../resolvers-types.generated';

export const pushQueries = {
  vapidPublicKey: (_parent, _args, { config }) => config.vapid.publicKey,
} satisfies QueryResolvers;

export const pushMutations = {
  registerPushSubscription: (_parent, input, context) =>
    registerPushSubscription(context.db, signedInUser(context).id, input, context.pushPolicy),
  removePushSubscription: (_parent, { endpoint }, context) =>
    removePushSubscription(context.db, signedInUser(context).id, endpoint),
} satisfies MutationResolvers;
