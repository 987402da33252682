import { auditTrail } from '../../services/audit';
import type { QueryResolvers } from '../resolvers-types.generated';

export const auditQueries = {
  auditLog: (_parent, { entity, entityId }, context) => auditTrail(context.db, entity, entityId),
} satisfies QueryResolvers;
