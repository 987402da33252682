/**
 * The media files at `/media/` (images, academy videos). Images are static files for everyone.
 * Academy videos go through `/media/videos/<file>`, which answers 404 while the video's
 * `academy_videos` row is a premiere (publish time in the future): its slug is public (the academy
 * overview, the winery page), and the file name follows from it. Published videos (and video files
 * without an academy row, e.g. a vintage's video) are served with Range support for streaming.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPublished } from '../../src/domain/academy';
import type { Database } from '../db/client';
import { academyVideos } from '../db/schema';
import { mediaUrl } from '../seed/media/paths';

export interface MediaRouteDeps {
  db: Database;
  mediaDir: string;
}

const VIDEO_FOLDER = 'videos';
/** A video file name as the seed writes them (`<slug>.webm`); anything else is not a video of ours. */
const VIDEO_FILE = /^([a-z0-9][a-z0-9-]*)\.(webm|mp4)$/;
const MAX_AGE = '7d';

/** Whether a path below the media folder (as the static plugin resolves it) lies in the video folder. */
export function isVideoPath(pathname: string): boolean {
  const relative = pathname.replace(/^\/+/, '');
  return relative === VIDEO_FOLDER || relative.startsWith(`${VIDEO_FOLDER}/`);
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Nicht gefunden.');

/** Whether an academy video with this file is still a premiere (matched by its URL or its slug). */
async function isPremiereFile(db: Database, file: string, slug: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ datetimePublished: academyVideos.datetimePublished })
    .from(academyVideos)
    .where(or(eq(academyVideos.videoUrl, mediaUrl(`${VIDEO_FOLDER}/${file}`)), eq(academyVideos.slug, slug)));
  return rows.some((row) => !isPublished(row.datetimePublished, now));
}

export async function mediaRoutes(app: FastifyInstance, { db, mediaDir }: MediaRouteDeps): Promise<void> {
  // Everything but the video folder: checked on the requested and on the finally opened path, so
  // no spelling (`/media/./videos/…`, encoded slashes, symbolic links) reaches a video this way.
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: MAX_AGE,
    allowedPath: (pathname) => !isVideoPath(pathname),
  });

  // The video folder, one plain file name per request, after the publish-time check.
  await app.register(async (videos) => {
    await videos.register(fastifyStatic, {
      root: path.join(mediaDir, VIDEO_FOLDER),
      serve: false,
      maxAge: MAX_AGE,
    });
    videos.get<{ Params: { file: string } }>('/media/videos/:file', async (request, reply) => {
      const match = VIDEO_FILE.exec(request.params.file);
      if (!match?.[1]) return notFound(reply);
      if (await isPremiereFile(db, request.params.file, match[1], new Date())) return notFound(reply);
      return reply.sendFile(request.params.file);
    });
  });
}
