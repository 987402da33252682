import { ok, refused } from '../../services/errors';
import { endOtherSessions, endSession, openSessions } from '../../services/sessions';
import { SESSION_ID } from '../../services/tokens';
import { signedInUser } from '../access';
import type { GraphQLContext } from '../context';
import type { MutationResolvers, QueryResolvers } from '../resolvers-types.generated';

export const sessionMessages = {
  notFound: 'Diese Anmeldung ist bereits beendet.',
};

/** The session of the request: a policy of 'client' guarantees a user, and every token names one. */
function currentSession(context: GraphQLContext): string | null {
  signedInUser(context);
  return context.sessionId;
}

export const sessionQueries = {
  mySessions: async (_parent, _args, context) => {
    const user = signedInUser(context);
    const rows = await openSessions(context.db, user.id);
    return rows.map((row) => ({
      id: row.id,
      deviceLabel: row.deviceLabel,
      coarseLocation: row.coarseLocation,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === context.sessionId,
    }));
  },
} satisfies QueryResolvers;

export const sessionMutations = {
  logout: async (_parent, _args, context) => {
    const current = currentSession(context);
    if (current) await endSession(context.db, signedInUser(context).id, current, 'logout');
    return ok();
  },
  endSession: async (_parent, { id }, context) => {
    const user = signedInUser(context);
    // Another client's session id answers exactly like an ended one: nothing to learn from it.
    if (!SESSION_ID.test(id)) return refused('NOT_FOUND', sessionMessages.notFound, 'id');
    const ended = await endSession(
      context.db,
      user.id,
      id,
      id === context.sessionId ? 'logout' : 'ended-by-user',
    );
    return ended ? ok() : refused('NOT_FOUND', sessionMessages.notFound, 'id');
  },
  endOtherSessions: async (_parent, _args, context) => {
    await endOtherSessions(context.db, signedInUser(context).id, currentSession(context), 'ended-by-user');
    return ok();
  },
} satisfies MutationResolvers;
