import { listOfferers } from '../../services/catalogue';
import type { QueryResolvers } from '../resolvers-types.generated';

export const lookupQueries = {
  allOfferers: (_parent, _args, { db }) => listOfferers(db),
} satisfies QueryResolvers;
