import { Code, Select, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import {
  useRemoteTableProps,
  useServerPagedTable,
} from '../../../components/backoffice/use-server-paged-table';
import {
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  formatAuditValue,
} from '../../../domain/audit-labels';
import { formatDateTime } from '../../../domain/dates';
import { type AuditEntity, type AuditEntry, type AuditSortField, useAuditLog } from '../api/backoffice-audit';

const PAGE_SIZE = 25;

/** Server sort field of each sortable column. */
const SORT_FIELDS = {
  at: 'AT',
  actorEmail: 'ACTOR',
  action: 'ACTION',
  entity: 'ENTITY',
} satisfies Record<string, AuditSortField>;

const ENTITY_OPTIONS = [
  { value: '', label: 'Alle Einträge' },
  ...(Object.entries(AUDIT_ENTITY_LABELS) as [AuditEntity, string][]).map(([value, label]) => ({
    value,
    label,
  })),
];

/**
 * The change history as a table (who, when, what, before and after in German), paged, sorted and
 * searched on the server. With `entityId` one record's history (an offer's includes its tranches);
 * without, every entry of `entity`, or with `entityFilter` a choice of the kind (all by default).
 */
export function AuditLogTable({
  entity,
  entityId = null,
  entityFilter = false,
  label = 'Änderungsverlauf',
}: {
  entity: AuditEntity | null;
  entityId?: number | null;
  entityFilter?: boolean;
  label?: string;
}) {
  const [chosenEntity, setChosenEntity] = useState<AuditEntity | null>(entity);
  const table = useServerPagedTable<AuditEntry, typeof SORT_FIELDS>({
    sortFields: SORT_FIELDS,
    initialSort: { columnAccessor: 'at', direction: 'desc' },
    pageSize: PAGE_SIZE,
  });
  const log = useAuditLog({ entity: chosenEntity, entityId, ...table.request });
  const { remote, query } = useRemoteTableProps(table, log);

  // One record's own entries need no "Eintrag"; an offer's history also lists its tranches.
  const showRecord = entityId === null || chosenEntity === 'offer';
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      accessor: 'at',
      title: 'Wann',
      sortable: true,
      noWrap: true,
      render: (entry) => formatDateTime(entry.at, { seconds: true }),
    },
    { accessor: 'actorEmail', title: 'Wer', sortable: true, render: (entry) => entry.actorEmail ?? '–' },
    ...(showRecord
      ? [
          {
            accessor: 'entity',
            title: 'Eintrag',
            sortable: true,
            noWrap: true,
            render: (entry: AuditEntry) => `${auditEntityLabel(entry.entity)} ${entry.entityId}`,
          } satisfies DataTableColumn<AuditEntry>,
        ]
      : []),
    { accessor: 'action', title: 'Was', sortable: true, render: (entry) => auditActionLabel(entry.action) },
    { accessor: 'before', title: 'Vorher', render: (entry) => <AuditValues values={entry.before} /> },
    { accessor: 'after', title: 'Nachher', render: (entry) => <AuditValues values={entry.after} /> },
  ];

  return (
    <BackofficeTable<AuditEntry>
      label={label}
      testId="audit-log"
      records={log.data?.entries}
      columns={columns}
      query={query}
      idAccessor="id"
      searchText={(entry) => entry.action}
      pageSize={PAGE_SIZE}
      emptyText="Noch keine Änderungen."
      rowAttributes={() => ({ 'data-testid': 'audit-entry' })}
      toolbar={
        entityFilter ? (
          <Select
            label="Art"
            data={ENTITY_OPTIONS}
            value={chosenEntity ?? ''}
            onChange={(value) => {
              setChosenEntity(value ? (value as AuditEntity) : null);
              table.resetPage();
            }}
            allowDeselect={false}
            w={240}
          />
        ) : undefined
      }
      remote={remote}
    />
  );
}

function AuditValues({ values }: { values: Record<string, unknown> | null | undefined }) {
  if (!values || Object.keys(values).length === 0) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={2}>
      {Object.entries(values).map(([key, value]) => (
        <Text key={key} size="sm">
          {auditFieldLabel(key)}: <Code>{formatAuditValue(value, key)}</Code>
        </Text>
      ))}
    </Stack>
  );
}
