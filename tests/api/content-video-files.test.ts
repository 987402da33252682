/**
 * The video files themselves: the public offer video through a signed address and a premiere's file
 * held back until its publish time, both streamed with Range requests.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { academyVideos } from '../../server/db/schema';
import { signMediaUrl } from '../../server/services/media-signing';
import { contentJourney, contentOperation } from './support/content-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const WINERY = contentOperation('WineryDetails');
const VINTAGE_VIDEO = contentOperation('VintageVideo');

describe.each(databaseTargets)('Videodateien (%s)', (target) => {
  const journey = contentJourney(target);
  let portal: TestPortal;
  let token: string;
  beforeAll(() => {
    ({ portal, token } = journey);
  });

  it('plays the public offer video for a visitor through a signed address, with Range requests', async () => {
    const [vintage] = (await portal.db.query.vintages.findMany()).filter((entry) => entry.videoUrl);
    if (!vintage?.videoUrl) throw new Error('Kein Jahrgang mit Video in den Demodaten');
    const answer = await portal.gql<{ vintageDetails: { videoUrl: string | null } }>(VINTAGE_VIDEO, {
      id: vintage.id,
    });
    const url = answer.data?.vintageDetails.videoUrl ?? '';
    expect(url.startsWith(`${vintage.videoUrl}?exp=`)).toBe(true);
    const unsigned = await portal.app.inject({ method: 'GET', url: vintage.videoUrl });
    expect(unsigned.statusCode).toBe(403);
    const whole = await portal.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    const size = whole.rawPayload.length;
    const part = await portal.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-59' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-59/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(10, 60));
  });

  it('holds back a premiere video file until its publish time, then streams it with Range requests', async () => {
    const slug = 'was-macht-einen-grossen-bordeaux-aus';
    const [video] = await portal.db.select().from(academyVideos).where(eq(academyVideos.slug, slug));
    if (!video?.wineryId) throw new Error('Video zu Lafite fehlt in den Demodaten');
    const file = video.videoUrl;
    // Even a correctly signed address (e.g. of a vintage's video with the same file) opens no premiere.
    const signed = signMediaUrl(file, portal.config.mediaUrlSecret, new Date());
    const query = signed.slice(file.length);
    const spellings = [
      signed,
      file,
      `${signed}&download=1`,
      file.replace('/media/', '/media/./') + query,
      file.replace('/media/', '/media//') + query,
      file.replace('/media/videos/', '/media/videos/../videos/') + query,
      file.replace('/media/videos/', '/media/videos%2f') + query,
      file.replace('/media/videos/', '/media/%76ideos/') + query,
      file.replace('/media/videos/', '/media/academy/../videos/') + query,
    ];
    const wineryVideos = async () => {
      const answer = await portal.gql<{
        wineryDetails: { academyVideos: { slug: string; isPublished: boolean; videoUrl: string | null }[] };
      }>(WINERY, { id: video.wineryId }, { token });
      return answer.data?.wineryDetails.academyVideos.find((entry) => entry.slug === slug);
    };

    await portal.db
      .update(academyVideos)
      .set({ datetimePublished: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(academyVideos.id, video.id));
    try {
      for (const url of spellings) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await portal.app.inject({ method, url, headers: { range: 'bytes=0-99' } });
          // The signed address answers 404 like a missing file; other spellings may also answer 403.
          if (url === signed) expect(response.statusCode, method).toBe(404);
          expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
          expect(response.headers['content-type'], url).not.toMatch(/video/);
        }
      }
      // The winery page lists the premiere, but without its address, even for a client.
      expect(await wineryVideos()).toEqual({ slug, isPublished: false, videoUrl: null });
    } finally {
      await portal.db
        .update(academyVideos)
        .set({ datetimePublished: video.datetimePublished })
        .where(eq(academyVideos.id, video.id));
    }

    const listed = await wineryVideos();
    expect(listed?.isPublished).toBe(true);
    expect(listed?.videoUrl?.startsWith(`${file}?exp=`)).toBe(true);
    const url = listed?.videoUrl ?? '';
    const whole = await portal.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(1000);
    const part = await portal.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    // Images beside the videos are served as before; unknown video names are not found.
    const thumbnail = video.thumbnail ?? '';
    expect((await portal.app.inject({ method: 'GET', url: thumbnail })).statusCode).toBe(200);
    const unknown = signMediaUrl(
      '/media/videos/gibt-es-nicht.webm',
      portal.config.mediaUrlSecret,
      new Date(),
    );
    expect((await portal.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
  });
});
