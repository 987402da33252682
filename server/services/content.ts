import { desc, eq } from 'drizzle-orm';
import { academyMessages, isPublished } from '../../src/domain/academy';
import type { Database } from '../db/client';
import { academyVideos, blogPosts } from '../db/schema';
import { clientError } from './errors';

export const POST_PAGE_DEFAULT = 10;
export const POST_PAGE_MAX = 50;

/** Blog posts newest first, paged by skip/first (first capped at 50). */
export function listPostPages(db: Database, skip = 0, first = POST_PAGE_DEFAULT) {
  const limit = Math.min(Math.max(first, 0), POST_PAGE_MAX);
  return db
    .select()
    .from(blogPosts)
    .orderBy(desc(blogPosts.firstPublishedAt), desc(blogPosts.id))
    .limit(limit)
    .offset(Math.max(skip, 0));
}

export async function findPostPage(db: Database, slug: string) {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return post ?? null;
}

/** Every academy video, newest first (premieres included; the resolver hides their URL). */
export function listAcademyVideos(db: Database) {
  return db
    .select()
    .from(academyVideos)
    .orderBy(desc(academyVideos.datetimePublished), desc(academyVideos.id));
}

/** A video that may be opened now; unknown and premiere videos are refused in German. */
export async function openAcademyVideo(db: Database, slug: string, now: Date) {
  const [video] = await db.select().from(academyVideos).where(eq(academyVideos.slug, slug));
  if (!video) throw clientError(academyMessages.notFound, 'NOT_FOUND');
  if (!isPublished(video.datetimePublished, now)) {
    const date = video.datetimePublished.toLocaleString('de-DE', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    });
    throw clientError(academyMessages.premiere.replace('{date}', date), 'NOT_PUBLISHED');
  }
  return video;
}
