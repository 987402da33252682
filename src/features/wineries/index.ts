/** The wineries' and vintages' queries the offline sync fills before those pages are opened. */
export {
  vintagePageQueryOptions,
  wineryDetailsQueryOptions,
  wineryListQueryOptions,
  wineryMapQueryOptions,
} from './api/wineries';
