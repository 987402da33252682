import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useApiClient } from '../../../api/client';
import {
  AcademyVideoDocument,
  AllAcademyVideosDocument,
  AllPostPagesDocument,
  BlogPageDocument,
} from '../../../api/graphql.generated';

export const contentKeys = {
  all: ['content'] as const,
  postPages: (skip: number, first: number) => [...contentKeys.all, 'post-pages', skip, first] as const,
  blogPage: (slug: string) => [...contentKeys.all, 'blog-page', slug] as const,
  academyVideos: () => [...contentKeys.all, 'academy-videos'] as const,
  academyVideo: (slug: string) => [...contentKeys.all, 'academy-video', slug] as const,
};

export function postPagesQueryOptions(client: GraphQLClient, skip: number, first: number) {
  return queryOptions({
    queryKey: contentKeys.postPages(skip, first),
    queryFn: async () => (await client.request(AllPostPagesDocument, { skip, first })).allPostPages,
  });
}

/** Blog posts newest first (the start page asks for the latest 3). */
export function usePostPages(skip: number, first: number) {
  return useQuery(postPagesQueryOptions(useApiClient(), skip, first));
}

export function blogPageQueryOptions(client: GraphQLClient, slug: string) {
  return queryOptions({
    queryKey: contentKeys.blogPage(slug),
    queryFn: async () => (await client.request(BlogPageDocument, { slug })).page,
  });
}

/** One blog post; `null` when the slug is unknown. */
export function useBlogPage(slug: string) {
  return useQuery(blogPageQueryOptions(useApiClient(), slug));
}

export function academyVideosQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: contentKeys.academyVideos(),
    queryFn: async () => (await client.request(AllAcademyVideosDocument)).getAllAcademyVideos,
  });
}

export function useAcademyVideos() {
  return useQuery(academyVideosQueryOptions(useApiClient()));
}

export function academyVideoQueryOptions(client: GraphQLClient, slug: string) {
  return queryOptions({
    queryKey: contentKeys.academyVideo(slug),
    queryFn: async () => (await client.request(AcademyVideoDocument, { slug })).getAcademyVideo,
  });
}

/** One published video; the server refuses premieres and unknown slugs with a German message. */
export function useAcademyVideo(slug: string) {
  return useQuery(academyVideoQueryOptions(useApiClient(), slug));
}
