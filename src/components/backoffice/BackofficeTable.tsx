import { Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { type ReactNode, useMemo, useState } from 'react';
import { LoadFailedAlert } from '../LoadFailedAlert';
import { matchesSearch, pageCount, sortRows } from './backoffice-table';

export const BACKOFFICE_TABLE_TEXTS = {
  error: 'Fehler!',
  retry: 'Erneut laden',
  empty: 'Keine Einträge vorhanden.',
  noMatch: 'Keine Einträge passen zur Suche.',
  search: 'Suchen',
  loading: 'Wird geladen …',
} as const;

export interface BackofficeTableProps<T> {
  /** Accessible name of the table (also the search box's context). */
  label: string;
  records: T[] | undefined;
  columns: DataTableColumn<T>[];
  /** The query behind the table: loading, error with retry. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  idAccessor: keyof T & string;
  /** Text of a row the search box matches (case- and accent-insensitive). */
  searchText: (record: T) => string;
  /** Sort value of a column accessor; defaults to the record's property. */
  sortValue?: (record: T, accessor: string) => unknown;
  initialSort?: DataTableSortStatus<T>;
  pageSize?: number;
  emptyText?: string;
  onRowClick?: (record: T) => void;
  /** Extra controls next to the search box (e.g. "Angebot erstellen"). */
  toolbar?: ReactNode;
  /** Mark a row (e.g. the selected position). */
  rowBackground?: (record: T) => string | undefined;
  testId?: string;
  /** Extra attributes of a row's `<tr>` (e.g. a test id per row). */
  rowAttributes?: (record: T) => Record<string, unknown>;
  /** Expandable rows (e.g. the tranches of an offer); none by default. */
  rowExpansion?: DataTableRowExpansionProps<T>;
  /**
   * Paging, sorting and search on the server, for lists too large to load at once (e.g. 100,000
   * depot positions): `records` is then the current page and the table reports the user's
   * choices; `searchText` and `sortValue` are not used. None (client side) by default.
   */
  remote?: RemoteTableState<T>;
}

export interface RemoteTableState<T> {
  /** Rows matching the search on all pages. */
  totalRecords: number;
  page: number;
  onPageChange: (page: number) => void;
  search: string;
  /** Called on every keystroke; the caller debounces before querying. */
  onSearchChange: (search: string) => void;
  sortStatus: DataTableSortStatus<T>;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
}

/**
 * The back office's table: loading, "Fehler!" with retry, empty state, sorting by any column,
 * a search box and pagination (so thousands of rows stay fast). Filtering and sorting run on the
 * client over the loaded rows; every list the back office loads is bounded by the server. With
 * `remote`, paging, sorting and search run on the server instead (lists too large to load).
 */
export function BackofficeTable<T>({
  label,
  records,
  columns,
  query,
  idAccessor,
  searchText,
  sortValue,
  initialSort,
  pageSize = 25,
  emptyText = BACKOFFICE_TABLE_TEXTS.empty,
  onRowClick,
  toolbar,
  rowBackground,
  testId,
  rowAttributes,
  rowExpansion,
  remote,
}: BackofficeTableProps<T>) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 200);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>(
    initialSort ?? { columnAccessor: idAccessor, direction: 'desc' },
  );
  const [page, setPage] = useState(1);

  const visible = useMemo(() => {
    if (remote) return records ?? [];
    const rows = (records ?? []).filter((record) => matchesSearch(searchText(record), debouncedSearch));
    const accessor = String(sortStatus.columnAccessor);
    const cellValue = (record: T) =>
      sortValue ? sortValue(record, accessor) : (record as Record<string, unknown>)[accessor];
    return sortRows(rows, cellValue, sortStatus.direction);
  }, [remote, records, searchText, debouncedSearch, sortStatus, sortValue]);

  const totalRecords = remote ? remote.totalRecords : visible.length;
  const currentPage = remote ? remote.page : Math.min(page, pageCount(totalRecords, pageSize));
  const pageRecords = remote ? visible : visible.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const searching = remote ? remote.search.trim() !== '' : debouncedSearch !== '';

  if (query.isError && !records) {
    return (
      <LoadFailedAlert
        title={BACKOFFICE_TABLE_TEXTS.error}
        retryLabel={BACKOFFICE_TABLE_TEXTS.retry}
        onRetry={query.refetch}
      />
    );
  }

  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={BACKOFFICE_TABLE_TEXTS.search}
          aria-label={`${label} durchsuchen`}
          placeholder="Suchbegriff"
          value={remote ? remote.search : search}
          onChange={(event) => {
            if (remote) return remote.onSearchChange(event.currentTarget.value);
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
        {toolbar}
      </Group>
      <DataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={records && records.length > 0 ? undefined : 180}
        fetching={query.isPending}
        loadingText={BACKOFFICE_TABLE_TEXTS.loading}
        records={pageRecords}
        columns={columns}
        idAccessor={idAccessor}
        sortStatus={remote ? remote.sortStatus : sortStatus}
        onSortStatusChange={(status) => {
          if (remote) return remote.onSortStatusChange(status);
          setSortStatus(status);
          setPage(1);
        }}
        noRecordsText={
          searching && (remote || (records?.length ?? 0) > 0) ? BACKOFFICE_TABLE_TEXTS.noMatch : emptyText
        }
        totalRecords={totalRecords}
        recordsPerPage={pageSize}
        page={currentPage}
        onPageChange={remote ? remote.onPageChange : setPage}
        paginationText={({ from, to, totalRecords }) => `${from}–${to} von ${totalRecords}`}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
        rowStyle={rowBackground ? (record) => ({ background: rowBackground(record) }) : undefined}
        customRowAttributes={rowAttributes ? (record) => rowAttributes(record) : undefined}
        rowExpansion={rowExpansion}
      />
    </Stack>
  );
}
