import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import type { PageRequest } from '../../api/paging';
import type { BackofficeTableProps, RemoteTableState } from './BackofficeTable';
import { pageCount } from './backoffice-table';

/** The search box asks the server this long after the last keystroke. */
const SEARCH_DELAY_MS = 300;

/** The server's sort field of each sortable column, by the column's accessor. */
export type SortFields<Fields> = Readonly<Record<keyof Fields, string>>;

export interface ServerPagedTable<Row, Fields extends SortFields<Fields>> {
  /** The page to ask the server for: the trimmed search once typing pauses, sort field, direction, page. */
  request: PageRequest<Fields[keyof Fields]>;
  /** The table's `remote` but the total: search, sort and page; a new search or sort shows page 1. */
  controls: Omit<RemoteTableState<Row>, 'totalRecords'>;
  /** Back to page 1 (e.g. when a filter beside the table changes). */
  resetPage: () => void;
}

const isSortColumn = <Fields extends SortFields<Fields>>(
  fields: Fields,
  accessor: string,
): accessor is keyof Fields & string => Object.hasOwn(fields, accessor);

/**
 * Search, sort and page of a back-office table paged, sorted and searched on the server. Give
 * `request` to the list's query, then the query to `useRemoteTableProps` for the table's props.
 */
export function useServerPagedTable<Row, Fields extends SortFields<Fields>>({
  sortFields,
  initialSort,
  pageSize,
}: {
  sortFields: Fields;
  /** The order at first; its column's field also serves a column without one. */
  initialSort: { columnAccessor: keyof Fields & string; direction: 'asc' | 'desc' };
  pageSize: number;
}): ServerPagedTable<Row, Fields> {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>(initialSort);
  const [page, setPage] = useState(1);
  const accessor = String(sortStatus.columnAccessor);
  const sortColumn = isSortColumn(sortFields, accessor) ? accessor : initialSort.columnAccessor;
  return {
    request: {
      search: debouncedSearch,
      sortBy: sortFields[sortColumn],
      descending: sortStatus.direction === 'desc',
      page,
      pageSize,
    },
    controls: {
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
    },
    resetPage: () => setPage(1),
  };
}

/** The list's query (TanStack Query) as far as the table needs it; `data` is one page and the total. */
export interface PageQueryResult {
  data: { totalCount: number } | undefined;
  isPending: boolean;
  /** The previous page is shown while the next one loads. */
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * BackofficeTable's `remote` and `query` of the page the list's query answered: the number of
 * matching rows, loading while the previous page stands in, and the last page instead of the
 * current one when fewer rows match than it needs (e.g. rows deleted meanwhile).
 */
export function useRemoteTableProps<Row, Fields extends SortFields<Fields>>(
  table: ServerPagedTable<Row, Fields>,
  result: PageQueryResult,
): { remote: RemoteTableState<Row>; query: BackofficeTableProps<Row>['query'] } {
  const { data } = result;
  const { page, onPageChange } = table.controls;
  const { pageSize } = table.request;
  const totalCount = data?.totalCount ?? 0;
  useEffect(() => {
    const lastPage = pageCount(totalCount, pageSize);
    if (data && page > lastPage) onPageChange(lastPage);
  }, [data, totalCount, pageSize, page, onPageChange]);
  return {
    remote: { ...table.controls, totalRecords: totalCount },
    query: {
      isPending: result.isPending || result.isPlaceholderData,
      isError: result.isError,
      refetch: result.refetch,
    },
  };
}
