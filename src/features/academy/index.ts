/** The academy's and the blog's queries (the offline sync fills them) and the video card the winery pages show. */
export {
  academyVideoQueryOptions,
  academyVideosQueryOptions,
  blogPageQueryOptions,
  postPagesQueryOptions,
} from './api/content';
export { AcademyVideoCard } from './ui/AcademyVideoCard';
