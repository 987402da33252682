export {
  academyVideoQueryOptions,
  academyVideosQueryOptions,
  blogPageQueryOptions,
  postPagesQueryOptions,
} from './api/content';
export { AcademyVideoCard } from './ui/AcademyVideoCard';
