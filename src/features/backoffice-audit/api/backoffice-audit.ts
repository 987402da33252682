import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  type AuditEntity,
  AuditLogDocument,
  type AuditLogQuery,
  type AuditSortField,
} from '../../../api/graphql.generated';
import { type PageRequest, pageVariables } from '../../../api/paging';

export type { AuditEntity, AuditSortField };
export type AuditEntry = AuditLogQuery['auditLog']['entries'][number];

export interface AuditPageRequest extends PageRequest<AuditSortField> {
  /** One kind of record, or every kind (null). */
  entity: AuditEntity | null;
  /** One record of that kind, or all of them (null). */
  entityId: number | null;
}

/**
 * One page of the change history (paged, sorted and searched on the server), loaded when it is
 * shown. The key starts with entity and id, so a change can refetch the history of its record.
 */
export function useAuditLog(request: AuditPageRequest, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: [BACKOFFICE_QUERY_KEY, 'audit', request.entity, request.entityId, request],
    queryFn: async () =>
      (
        await client.request(AuditLogDocument, {
          entity: request.entity,
          entityId: request.entityId,
          ...pageVariables(request),
        })
      ).auditLog,
    placeholderData: keepPreviousData,
    enabled,
  });
}
