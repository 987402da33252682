export {
  vintagePageQueryOptions,
  wineryDetailsQueryOptions,
  wineryListQueryOptions,
  wineryMapQueryOptions,
} from './api/wineries';
