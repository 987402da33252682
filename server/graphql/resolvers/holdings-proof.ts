import { GraphQLError } from 'graphql';
import type { PathStep } from '../../../src/domain/holdings-proof';
import { createHoldingsSnapshot, holdingsSnapshotList, myHoldingsProof } from '../../services/holdings-proof';
import { signedInUser } from '../access';
import { HoldingsPathSide, type MutationResolvers, type QueryResolvers } from '../resolvers-types.generated';

const DEFAULT_LIMIT = 30;
const MAX_LIMIT = 400;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const sides: Record<PathStep['side'], HoldingsPathSide> = {
  LEFT: HoldingsPathSide.Left,
  RIGHT: HoldingsPathSide.Right,
};

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

export const holdingsProofQueries = {
  holdingsSnapshots: (_parent, { limit }, { db }) => {
    if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
      throw badInput(`Bitte eine Anzahl von 1 bis ${MAX_LIMIT} Nachweisen angeben.`);
    }
    return holdingsSnapshotList(db, limit ?? DEFAULT_LIMIT);
  },
  holdingsProofPublicKey: (_parent, _args, { config }) => config.holdingsProof.publicKey,
  myHoldingsProof: async (_parent, { date }, context) => {
    if (date != null && !ISO_DAY.test(date)) throw badInput('Bitte ein Datum im Format JJJJ-MM-TT angeben.');
    const proof = await myHoldingsProof(context.db, context.config, signedInUser(context).id, date);
    return proof && { ...proof, path: proof.path.map((step) => ({ ...step, side: sides[step.side] })) };
  },
} satisfies QueryResolvers;

export const holdingsProofMutations = {
  createHoldingsSnapshot: async (_parent, _args, { db, config }) => ({
    success: true,
    errors: [],
    snapshot: await createHoldingsSnapshot(db, config),
  }),
} satisfies MutationResolvers;
