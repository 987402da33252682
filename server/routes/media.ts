/**
 * The media files at `/media/` (images, academy videos). Images are static files for everyone.
 * Videos go through `/media/videos/<file>?exp=…&sig=…` and need a valid, unexpired signature
 * (`services/media-signing.ts`; GraphQL hands signed addresses of academy videos only to signed-in
 * clients, those of an offer's video to everyone): an unsigned, tampered or expired address is
 * refused with 403. The route also answers 404 while the video's `academy_videos` row is a premiere
 * (publish time in the future): its slug is public (the academy overview, the winery page), and the
 * file name follows from it. Allowed videos are served with Range support for streaming, cached
 * by no cache (`private, no-store`); images for a year (`immutable`).
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPublished } from '../../src/domain/academy';
import type { Database } from '../db/client';
import { academyVideos } from '../db/schema';
import { mediaUrl } from '../seed/media/paths';
import { VIDEO_URL_PREFIX, verifyMediaSignature } from '../services/media-signing';

export interface MediaRouteDeps {
  db: Database;
  mediaDir: string;
  /** HMAC secret of the signed video addresses (`MEDIA_URL_SECRET`). */
  mediaUrlSecret: string;
}

const VIDEO_FOLDER = 'videos';
/** A video file name as the seed writes them (`<slug>.webm`); anything else is not a video of ours. */
const VIDEO_FILE = /^([a-z0-9][a-z0-9-]*)\.(webm|mp4)$/;
/**
 * Images at /media/ are public and their names never change content (a new image gets a new name:
 * `seed/media/paths.ts`), so the browser keeps them a year without asking again.
 */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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

const forbidden = (reply: FastifyReply, expired: boolean) =>
  reply
    .code(403)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(
      expired
        ? 'Dieser Videolink ist abgelaufen. Bitte laden Sie die Seite neu.'
        : 'Dieses Video ist nur über einen gültigen Link aus dem Portal abrufbar.',
    );

/** Whether an academy video with this file is still a premiere (matched by its URL or its slug). */
async function isPremiereFile(db: Database, file: string, slug: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ datetimePublished: academyVideos.datetimePublished })
    .from(academyVideos)
    .where(or(eq(academyVideos.videoUrl, mediaUrl(`${VIDEO_FOLDER}/${file}`)), eq(academyVideos.slug, slug)));
  return rows.some((row) => !isPublished(row.datetimePublished, now));
}

export async function mediaRoutes(
  app: FastifyInstance,
  { db, mediaDir, mediaUrlSecret }: MediaRouteDeps,
): Promise<void> {
  // Everything but the video folder: checked on the requested and on the finally opened path, so
  // no spelling (`/media/./videos/…`, encoded slashes, symbolic links) reaches a video this way.
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', IMAGE_CACHE_CONTROL),
    allowedPath: (pathname) => !isVideoPath(pathname),
  });

  // The video folder, one plain file name per request, after the signature and publish-time checks.
  await app.register(async (videos) => {
    await videos.register(fastifyStatic, {
      root: path.join(mediaDir, VIDEO_FOLDER),
      serve: false,
      cacheControl: false,
    });
    videos.get<{ Params: { file: string }; Querystring: { exp?: unknown; sig?: unknown } }>(
      '/media/videos/:file',
      async (request, reply) => {
        const match = VIDEO_FILE.exec(request.params.file);
        if (!match?.[1]) return notFound(reply);
        const now = new Date();
        const { exp, sig } = request.query;
        const check = verifyMediaSignature(
          `${VIDEO_URL_PREFIX}${request.params.file}`,
          exp,
          sig,
          mediaUrlSecret,
          now,
        );
        if (!check.ok) return forbidden(reply, check.reason === 'expired');
        if (await isPremiereFile(db, request.params.file, match[1], now)) return notFound(reply);
        // The address is the permission: no cache keeps the file (Range requests fetch what is played).
        reply.header('cache-control', 'private, no-store');
        return reply.sendFile(request.params.file, { cacheControl: false });
      },
    );
  });
}
