/** One page of a list that is paged, sorted and searched on the server (the back office's large tables). */
export interface PageRequest<SortField extends string> {
  /** Trimmed search text; empty for none. */
  search: string;
  sortBy: SortField;
  descending: boolean;
  /** 1 for the first page. */
  page: number;
  pageSize: number;
}

/** The query variables of a page: no search as null, the page as offset and limit. */
export function pageVariables<SortField extends string>(request: PageRequest<SortField>) {
  return {
    search: request.search || null,
    sortBy: request.sortBy,
    descending: request.descending,
    offset: (request.page - 1) * request.pageSize,
    limit: request.pageSize,
  };
}
