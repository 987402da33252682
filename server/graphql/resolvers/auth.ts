import * as auth from '../../services/auth';
import type { MutationResolvers } from '../resolvers-types.generated';

export const authMutations = {
  tokenAuth: async (_parent, { email, password }, { db, config, clientIp, userAgent, nudgeOutbox }) => {
    const signedIn = await auth.login(db, config, { email, password }, { clientIp, userAgent });
    // A sign-in on a new device queued a mail.
    nudgeOutbox();
    return signedIn;
  },
  refreshToken: (_parent, { token }, { db, config }) => auth.refreshSession(db, config, token),
  register: async (_parent, input, { db, config, clientIp, nudgeOutbox }) => {
    const result = await auth.register(db, config, input, clientIp);
    nudgeOutbox();
    return result;
  },
  activate: (_parent, { uid }, { db }) => auth.activate(db, uid),
  sendPasswordResetHash: async (_parent, { email }, { db, config, clientIp, nudgeOutbox }) => {
    const result = await auth.requestPasswordReset(db, config, email, clientIp);
    nudgeOutbox();
    return result;
  },
  resetPassword: (_parent, input, { db, user, sessionId }) =>
    auth.resetPassword(db, input, user && sessionId ? { userId: user.id, sessionId } : null),
} satisfies MutationResolvers;
