import { directSalutation } from '../../services/auth';
import type { QueryResolvers, UserResolvers } from '../resolvers-types.generated';

export const userQueries = {
  me: (_parent, _args, { user }) => user,
} satisfies QueryResolvers;

export const userFields = {
  directSalutation: (user) => directSalutation(user),
} satisfies UserResolvers;
