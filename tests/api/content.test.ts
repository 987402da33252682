import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyVideos, blogPosts, wineries } from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const TOKEN_AUTH =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';

const POSTS = `query ($skip: Int, $first: Int) { allPostPages(skip: $skip, first: $first) { slug title firstPublishedAt } }`;
const PAGE = `query ($slug: String!) { page(slug: $slug) { title slug intro body } }`;
const VIDEOS = `{ getAllAcademyVideos { slug title videoUrl isPublished datetimePublished keywords { title } } }`;
const VIDEO = `query ($slug: String!) {
  getAcademyVideo(slug: $slug) {
    slug title videoUrl description keywords { title }
    vintage { id title } winery { id title } region { title }
    promotedOffer { id priceBtlStr availableCases vintage { lwin11 } }
  }
}`;
const WINERY = `query ($id: Int!) {
  wineryDetails(wineryId: $id) {
    id title descriptionHtml production owner location logoImage wineryImage carouselImages mainWineImage grapeVarieties
    region { title image country { title } } subregion { title }
    academyVideos { slug isPublished videoUrl }
    wines { lwin title descriptionHtml vintages { id year latestGwsScore offerRel { id promoteOffer availableCases } } }
    topOffer { id availableCases sellPriceCaseStr vintage { lwin11 wine { winery { id } } } }
    criticReviews { score description rater { title } vintage { year } }
  }
}`;
const VINTAGE = `query ($id: Int!) {
  vintageDetails(vintageId: $id) {
    id title year
    appellationRanking { topPercentage appellationName label }
    scoreBackground { criticAgreement criticCount }
    latestGwsScore currentMarketPrice descriptionHtml uspHtml
    winery { id title }
    vintagePricing { history { year annualAvgEurAdj } }
  }
}`;

describe.each(databaseTargets)('Inhalte, Weingüter und Jahrgänge (%s)', (target) => {
  let portal: TestPortal;
  let token: string;
  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const login = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, {
      email: 'kunde@example.com',
    });
    token = login.data?.tokenAuth.token as string;
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
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

  it('holds back a premiere video file until its publish time, then streams it with Range requests', async () => {
    const slug = 'was-macht-einen-grossen-bordeaux-aus';
    const [video] = await portal.db.select().from(academyVideos).where(eq(academyVideos.slug, slug));
    if (!video?.wineryId) throw new Error('Video zu Lafite fehlt in den Demodaten');
    const file = video.videoUrl;
    const spellings = [
      file,
      `${file}?download=1`,
      file.replace('/media/', '/media/./'),
      file.replace('/media/', '/media//'),
      file.replace('/media/videos/', '/media/videos/../videos/'),
      file.replace('/media/videos/', '/media/videos%2f'),
      file.replace('/media/videos/', '/media/%76ideos/'),
      file.replace('/media/videos/', '/media/academy/../videos/'),
    ];
    const wineryVideos = async () => {
      const answer = await portal.gql<{
        wineryDetails: { academyVideos: { slug: string; isPublished: boolean; videoUrl: string | null }[] };
      }>(WINERY, { id: video.wineryId });
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
          // The plain address answers 404 like a missing file; odd spellings may also answer 403.
          if (url === file) expect(response.statusCode, method).toBe(404);
          expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
          expect(response.headers['content-type'], url).not.toMatch(/video/);
        }
      }
      // The winery page lists the premiere, but without its address.
      expect(await wineryVideos()).toEqual({ slug, isPublished: false, videoUrl: null });
    } finally {
      await portal.db
        .update(academyVideos)
        .set({ datetimePublished: video.datetimePublished })
        .where(eq(academyVideos.id, video.id));
    }

    expect(await wineryVideos()).toEqual({ slug, isPublished: true, videoUrl: file });
    const whole = await portal.app.inject({ method: 'GET', url: file });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(1000);
    const part = await portal.app.inject({ method: 'GET', url: file, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    // Images beside the videos are served as before; unknown video names are not found.
    const thumbnail = video.thumbnail ?? '';
    expect((await portal.app.inject({ method: 'GET', url: thumbnail })).statusCode).toBe(200);
    expect(
      (await portal.app.inject({ method: 'GET', url: '/media/videos/gibt-es-nicht.webm' })).statusCode,
    ).toBe(404);
  });

  it('answers the winery page with images, facts, videos, wine cores, top offer and critics in few queries', async () => {
    const [lafite] = await portal.db
      .select()
      .from(wineries)
      .where(eq(wineries.title, 'Château Lafite Rothschild'));
    if (!lafite) throw new Error('Lafite fehlt in den Demodaten');
    portal.queries.length = 0;
    const answer = await portal.gql<{ wineryDetails: Record<string, unknown> & Record<string, never> }>(
      WINERY,
      {
        id: lafite.id,
      },
    );
    expect(answer.errors).toBeUndefined();
    const winery = answer.data?.wineryDetails as unknown as {
      title: string;
      location: string;
      production: number;
      region: { title: string; country: { title: string } };
      academyVideos: { slug: string }[];
      wines: { vintages: { offerRel: unknown[] }[] }[];
      topOffer: { availableCases: number; vintage: { wine: { winery: { id: number } } } } | null;
      criticReviews: { score: number; vintage: { year: number } }[];
      descriptionHtml: string;
    };
    expect(winery.title).toBe('Château Lafite Rothschild');
    expect(winery.location).toMatch(/^POINT\(/);
    expect(winery.region).toEqual({
      title: 'Bordeaux',
      image: expect.anything(),
      country: { title: 'Frankreich' },
    });
    expect(winery.descriptionHtml).toContain('<p>');
    expect(winery.academyVideos.map((video) => video.slug)).toContain('was-macht-einen-grossen-bordeaux-aus');
    expect(winery.wines.length).toBeGreaterThan(0);
    expect(winery.wines.flatMap((wine) => wine.vintages).length).toBeGreaterThan(0);
    if (winery.topOffer) {
      expect(winery.topOffer.availableCases).toBeGreaterThan(0);
      expect(winery.topOffer.vintage.wine.winery.id).toBe(lafite.id);
    }
    expect(winery.criticReviews.length).toBeGreaterThan(0);
    const scores = winery.criticReviews.map((review) => review.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(portal.queries.length).toBeLessThan(30);

    const missing = await portal.gql(WINERY, { id: 999_999 });
    expect(missing.data?.wineryDetails).toBeNull();
  });

  it('batches winery relations over many wineries (no query per winery)', async () => {
    portal.queries.length = 0;
    const answer = await portal.gql<{
      allWineries: { academyVideos: unknown[]; criticReviews: unknown[]; topOffer: unknown }[];
    }>(
      '{ allWineries { id academyVideos { slug } criticReviews { score vintage { year } } topOffer { id } } }',
    );
    expect(answer.errors).toBeUndefined();
    const wineryCount = answer.data?.allWineries.length ?? 0;
    expect(wineryCount).toBeGreaterThan(10);
    expect(answer.data?.allWineries.every((winery) => winery.criticReviews.length <= 6)).toBe(true);
    expect(portal.queries.length).toBeLessThan(15);
  });

  it('answers the vintage page additions: ranking rule, winery, current price', async () => {
    const vintages = await portal.db.query.vintages.findMany();
    for (const vintage of vintages.slice(0, 12)) {
      const answer = await portal.gql<{
        vintageDetails: {
          appellationRanking: { topPercentage: number; label: string } | null;
          winery: { id: number };
          currentMarketPrice: string | null;
        };
      }>(VINTAGE, { id: vintage.id });
      expect(answer.errors).toBeUndefined();
      const details = answer.data?.vintageDetails;
      const top = vintage.statistics.appellationTopPercentage as number;
      if (top > 25) expect(details?.appellationRanking).toBeNull();
      else
        expect(details?.appellationRanking?.label).toBe(
          top <= 5 ? 'Top 5 Prozent' : top <= 10 ? 'Top 10 Prozent' : 'Top 25 Prozent',
        );
      expect(details?.winery.id).toBeGreaterThan(0);
    }
  });

  it('lists all wines and the price index with base 100', async () => {
    const wines = await portal.gql<{ allWines: { title: string; winery: { region: { title: string } } }[] }>(
      '{ allWines { id title winery { id region { title } } subregion { title } } }',
    );
    const titles = wines.data?.allWines.map((wine) => wine.title) ?? [];
    expect(titles.length).toBeGreaterThan(10);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const index = await portal.gql<{
      priceIndex: { points: { year: number; value: number }[]; vintageCount: number };
    }>('{ priceIndex { vintageCount points { year value vintageCount } } }');
    const points = index.data?.priceIndex.points ?? [];
    expect(points.length).toBeGreaterThan(1);
    expect(points[0]?.value).toBe(100);
    expect(index.data?.priceIndex.vintageCount).toBeGreaterThan(0);
  });
});
