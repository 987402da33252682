/**
 * The blog and the academy: posts paged newest first, a post's sanitised HTML, the video list and
 * a premiere before and after its publish time, and the signed video addresses clients get.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { academyVideos, blogPosts } from '../../server/db/schema';
import { signMediaUrl } from '../../server/services/media-signing';
import { contentJourney, contentOperation } from './support/content-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const POSTS = contentOperation('PostPages');
const PAGE = contentOperation('Page');
const VIDEOS = contentOperation('AcademyVideos');
const VIDEO = contentOperation('AcademyVideo');
const ALL_WINERIES = contentOperation('WineryAcademyVideos');

describe.each(databaseTargets)('Blog und Akademie (%s)', (target) => {
  const journey = contentJourney(target);
  let portal: TestPortal;
  let token: string;
  beforeAll(() => {
    ({ portal, token } = journey);
  });

  it('pages through the blog posts newest first', async () => {
    const all = await portal.gql<{ allPostPages: { slug: string; firstPublishedAt: string }[] }>(POSTS, {
      first: 50,
    });
    const posts = all.data?.allPostPages ?? [];
    expect(posts.length).toBeGreaterThan(3);
    const times = posts.map((post) => new Date(post.firstPublishedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const latest = await portal.gql<{ allPostPages: { slug: string }[] }>(POSTS, { skip: 0, first: 3 });
    expect(latest.data?.allPostPages.map((post) => post.slug)).toEqual(
      posts.slice(0, 3).map((post) => post.slug),
    );
    const next = await portal.gql<{ allPostPages: { slug: string }[] }>(POSTS, { skip: 3, first: 2 });
    expect(next.data?.allPostPages.map((post) => post.slug)).toEqual(
      posts.slice(3, 5).map((post) => post.slug),
    );
  });

  it('serves a blog post with sanitised HTML and null for an unknown slug', async () => {
    await portal.db.insert(blogPosts).values({
      title: 'Böser Beitrag',
      slug: 'boeser-beitrag',
      body: '<h2>Titel</h2><p onclick="alert(1)">Text <a href="javascript:alert(2)">Link</a></p><script>alert(3)</script><img src="x" onerror="alert(4)"><iframe src="https://evil.test"></iframe>',
      firstPublishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    const answer = await portal.gql<{ page: { title: string; body: string } }>(PAGE, {
      slug: 'boeser-beitrag',
    });
    const body = answer.data?.page.body ?? '';
    expect(body).toContain('<h2>Titel</h2>');
    expect(body).toContain('Text');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);

    const missing = await portal.gql<{ page: null }>(PAGE, { slug: 'gibt-es-nicht' });
    expect(missing.errors).toBeUndefined();
    expect(missing.data?.page).toBeNull();
  });

  it('lists academy videos newest first with premieres but without their video URL', async () => {
    const anonymous = await portal.gql(VIDEOS);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const answer = await portal.gql<{
      getAllAcademyVideos: {
        slug: string;
        videoUrl: string | null;
        isPublished: boolean;
        datetimePublished: string;
      }[];
    }>(VIDEOS, {}, { token });
    const videos = answer.data?.getAllAcademyVideos ?? [];
    const times = videos.map((video) => new Date(video.datetimePublished).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const premieres = videos.filter((video) => !video.isPublished);
    expect(premieres.length).toBeGreaterThan(0);
    for (const premiere of premieres) {
      expect(new Date(premiere.datetimePublished).getTime()).toBeGreaterThan(Date.now());
      expect(premiere.videoUrl).toBeNull();
    }
    for (const video of videos.filter((entry) => entry.isPublished)) expect(video.videoUrl).toBeTruthy();
  });

  it('does not open a premiere by slug before its publish time, but a published one', async () => {
    const [premiere] = await portal.db.query.academyVideos.findMany({
      where: (video, { gt }) => gt(video.datetimePublished, new Date()),
    });
    if (!premiere) throw new Error('Keine Premiere in den Demodaten');
    const refused = await portal.gql(VIDEO, { slug: premiere.slug }, { token });
    expect(refused.data?.getAcademyVideo ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_PUBLISHED');
    expect(refused.errors?.[0]?.message).toMatch(/noch nicht veröffentlicht/);

    const published = await portal.gql<{
      getAcademyVideo: {
        slug: string;
        videoUrl: string;
        keywords: { title: string }[];
        vintage: { id: number } | null;
      };
    }>(VIDEO, { slug: 'was-macht-einen-grossen-bordeaux-aus' }, { token });
    expect(published.errors).toBeUndefined();
    expect(published.data?.getAcademyVideo.videoUrl).toBeTruthy();
    expect(published.data?.getAcademyVideo.keywords.map((keyword) => keyword.title)).toContain('Bordeaux');
    expect(published.data?.getAcademyVideo.vintage).not.toBeNull();

    // Once its time has come, the same premiere opens.
    await portal.db
      .update(academyVideos)
      .set({ datetimePublished: new Date(Date.now() - 1000) })
      .where(eq(academyVideos.id, premiere.id));
    const opened = await portal.gql(VIDEO, { slug: premiere.slug }, { token });
    expect(opened.errors).toBeUndefined();

    const unknown = await portal.gql(VIDEO, { slug: 'gibt-es-nicht' }, { token });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('hands academy video addresses only to signed-in clients, signed, short-lived and stable for the hour', async () => {
    type Wineries = {
      allWineries: { academyVideos: { slug: string; isPublished: boolean; videoUrl: string | null }[] }[];
    };
    const visitor = await portal.gql<Wineries>(ALL_WINERIES);
    expect(visitor.errors).toBeUndefined();
    const visitorVideos = visitor.data?.allWineries.flatMap((winery) => winery.academyVideos) ?? [];
    expect(visitorVideos.filter((video) => video.isPublished).length).toBeGreaterThan(0);
    // A visitor sees the academy entries, but no address of any video.
    for (const video of visitorVideos) expect(video.videoUrl, video.slug).toBeNull();

    const client = await portal.gql<Wineries>(ALL_WINERIES, {}, { token });
    const clientVideos = client.data?.allWineries.flatMap((winery) => winery.academyVideos) ?? [];
    const published = clientVideos.filter((video) => video.isPublished);
    expect(published.length).toBeGreaterThan(0);
    const now = Date.now() / 1000;
    for (const video of published) {
      const match = /^\/media\/videos\/[a-z0-9-]+\.webm\?exp=(\d+)&sig=[\w-]{43}$/.exec(video.videoUrl ?? '');
      expect(match, video.videoUrl ?? 'null').not.toBeNull();
      const expires = Number(match?.[1]);
      // A whole hour, valid for at least one more hour (a refetch keeps the same <video src>).
      expect(expires % 3600).toBe(0);
      expect(expires).toBeGreaterThanOrEqual(now + 3600);
      expect(expires).toBeLessThanOrEqual(now + 2 * 3600 + 1);
    }
    for (const video of clientVideos.filter((entry) => !entry.isPublished)) expect(video.videoUrl).toBeNull();
    const again = await portal.gql<Wineries>(ALL_WINERIES, {}, { token });
    const againVideos = again.data?.allWineries.flatMap((winery) => winery.academyVideos) ?? [];
    // Same hour, same addresses (unless the run straddles a full hour).
    if (Math.floor(Date.now() / 3_600_000) === Math.floor(now / 3600))
      expect(againVideos).toEqual(clientVideos);

    const [first] = published;
    const answer = await portal.app.inject({ method: 'GET', url: first?.videoUrl ?? '' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('video/webm');
    // The address is the permission: no cache keeps the file (tests/api/cache-headers.test.ts).
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses unsigned, tampered, borrowed and expired video addresses in German', async () => {
    const slug = 'was-macht-einen-grossen-bordeaux-aus';
    const [video] = await portal.db.select().from(academyVideos).where(eq(academyVideos.slug, slug));
    if (!video) throw new Error('Video fehlt in den Demodaten');
    const [other] = (await portal.db.select().from(academyVideos)).filter(
      (entry) => entry.videoUrl !== video.videoUrl,
    );
    if (!other) throw new Error('Zweites Video fehlt in den Demodaten');
    const secret = portal.config.mediaUrlSecret;
    const signed = signMediaUrl(video.videoUrl, secret, new Date());
    const [, query] = signed.split('?');
    const sig = new URLSearchParams(query).get('sig') ?? '';
    const exp = new URLSearchParams(query).get('exp') ?? '';
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const expired = signMediaUrl(video.videoUrl, secret, new Date(Date.now() - 3 * 3600 * 1000));
    const cases: [string, RegExp][] = [
      [video.videoUrl, /nur über einen gültigen Link/],
      [`${video.videoUrl}?exp=${exp}`, /nur über einen gültigen Link/],
      [`${video.videoUrl}?exp=${exp}&sig=${flipped}`, /nur über einen gültigen Link/],
      // A later expiry with the old signature, the signature of one file on another, a foreign secret.
      [`${video.videoUrl}?exp=${Number(exp) + 3600}&sig=${sig}`, /nur über einen gültigen Link/],
      [`${other.videoUrl}?exp=${exp}&sig=${sig}`, /nur über einen gültigen Link/],
      [signMediaUrl(video.videoUrl, 'ein-anderes-geheimnis', new Date()), /nur über einen gültigen Link/],
      [`${video.videoUrl}?exp=${exp}&sig=${sig}&sig=${sig}`, /nur über einen gültigen Link/],
      [expired, /abgelaufen/],
    ];
    for (const [url, message] of cases) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await portal.app.inject({ method, url, headers: { range: 'bytes=0-99' } });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8');
        expect(response.headers['cache-control'], url).toBe('no-store');
        if (method === 'GET') expect(response.body, url).toMatch(message);
      }
    }
    expect((await portal.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
  });
});
