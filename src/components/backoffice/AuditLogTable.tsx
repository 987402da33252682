import { Code, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import {
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  formatAuditValue,
} from '../../domain/audit-labels';
import {
  type AuditEntity,
  type AuditEntry,
  type AuditSortField,
  useAuditLog,
} from '../../queries/backoffice-audit';
import { BackofficeTable } from './BackofficeTable';

const PAGE_SIZE = 25;
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'medium' });

/** Server sort field of each sortable column. */
const SORT_FIELDS: Record<string, AuditSortField> = {
  at: 'AT',
  actorEmail: 'ACTOR',
  action: 'ACTION',
  entity: 'ENTITY',
};

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
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<AuditEntry>>({
    columnAccessor: 'at',
    direction: 'desc',
  });
  const [page, setPage] = useState(1);
  const log = useAuditLog({
    entity: chosenEntity,
    entityId,
    search: debouncedSearch,
    sortBy: SORT_FIELDS[String(sortStatus.columnAccessor)] ?? 'AT',
    descending: sortStatus.direction === 'desc',
    page,
    pageSize: PAGE_SIZE,
  });
  const totalCount = log.data?.totalCount ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
    if (log.data && page > lastPage) setPage(lastPage);
  }, [log.data, totalCount, page]);

  // One record's own entries need no "Eintrag"; an offer's history also lists its tranches.
  const showRecord = entityId === null || chosenEntity === 'offer';
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      accessor: 'at',
      title: 'Wann',
      sortable: true,
      noWrap: true,
      render: (entry) => dateTime.format(new Date(entry.at)),
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
      query={{
        isPending: log.isPending || log.isPlaceholderData,
        isError: log.isError,
        refetch: log.refetch,
      }}
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
              setPage(1);
            }}
            allowDeselect={false}
            w={240}
          />
        ) : undefined
      }
      remote={{
        totalRecords: totalCount,
        page,
        onPageChange: setPage,
        search,
        onSearchChange: (next) => {
          setSearch(next);
          setPage(1);
        },
        sortStatus,
        onSortStatusChange: (next) => {
          setSortStatus(next);
          setPage(1);
        },
      }}
    />
  );
}

function AuditValues({ values }: { values: Record<string, unknown> | null | undefined }) {
  if (!values || Object.keys(values).length === 0) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={2}>
      {Object.entries(values).map(([key, value]) => (
        <Text key={key} size="sm">
          {auditFieldLabel(key)}: <Code>{formatAuditValue(value)}</Code>
        </Text>
      ))}
    </Stack>
  );
}
