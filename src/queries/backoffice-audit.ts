import { useQuery } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../app/query-client';
import { useApiClient } from './client';
import { type AuditEntity, AuditLogDocument } from './graphql.generated';

export type { AuditEntity };

/** The change history of one back-office record (loaded when its history is opened). */
export function useAuditLog(entity: AuditEntity, entityId: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [BACKOFFICE_QUERY_KEY, 'audit', entity, entityId],
    queryFn: async () => (await client.request(AuditLogDocument, { entity, entityId })).auditLog,
    enabled,
  });
}
