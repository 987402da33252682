import { type AuditRow, type AuditSortKey, auditTrail } from '../../services/audit';
import { clientError } from '../../services/errors';
import { AuditEntity, AuditSortField, type QueryResolvers } from '../resolvers-types.generated';

const sortKeys: Record<AuditSortField, AuditSortKey> = {
  [AuditSortField.At]: 'at',
  [AuditSortField.Actor]: 'actor',
  [AuditSortField.Action]: 'action',
  [AuditSortField.Entity]: 'entity',
};

const entities = new Map<string, AuditEntity>(Object.values(AuditEntity).map((entity) => [entity, entity]));

const toGraphQL = (row: AuditRow) => {
  const entity = entities.get(row.entity);
  if (!entity) throw new Error(`Unbekannte Art im Änderungsverlauf: ${row.entity}`);
  return { ...row, entity };
};

export const auditQueries = {
  auditLog: async (_parent, { entity, entityId, search, sortBy, descending, offset, limit }, context) => {
    if (entityId != null && entity == null) {
      throw clientError('Bitte geben Sie an, zu welcher Art von Eintrag die ID gehört (entity).', 'INVALID');
    }
    const page = await auditTrail(context.db, {
      entity,
      entityId,
      search,
      sortBy: sortBy ? sortKeys[sortBy] : null,
      descending,
      offset,
      limit,
    });
    return { totalCount: page.totalCount, entries: page.entries.map(toGraphQL) };
  },
} satisfies QueryResolvers;
