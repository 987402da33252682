import { eq } from 'drizzle-orm';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyVideos, blogPosts, wineries } from '../../server/db/schema';
import { signMediaUrl } from '../../server/services/media-signing';
import { WineryListDocument, type WineryListQuery } from '../../src/api/graphql.generated';
import { businessDay, formatDate } from '../../src/domain/dates';
import { PRICE_INDEX_SOURCE } from '../../src/domain/price-index';
import { valuationAsOfLabel } from '../../src/domain/valuation-as-of';
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

  it('hands academy video addresses only to signed-in clients, signed, short-lived and stable for the hour', async () => {
    const ALL_WINERIES = '{ allWineries { id academyVideos { slug isPublished videoUrl } } }';
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

  it('plays the public offer video for a visitor through a signed address, with Range requests', async () => {
    const [vintage] = (await portal.db.query.vintages.findMany()).filter((entry) => entry.videoUrl);
    if (!vintage?.videoUrl) throw new Error('Kein Jahrgang mit Video in den Demodaten');
    const answer = await portal.gql<{ vintageDetails: { videoUrl: string | null } }>(
      'query ($id: Int!) { vintageDetails(vintageId: $id) { videoUrl } }',
      { id: vintage.id },
    );
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

  it("lists each winery of Entdecken once, producers and not their wines (the PWA's list query)", async () => {
    const answer = await portal.gql<WineryListQuery>(print(WineryListDocument));
    expect(answer.errors).toBeUndefined();
    const listed = answer.data?.allWineries ?? [];
    const titles = listed.map((winery) => winery.title);
    expect(titles.length).toBeGreaterThan(10);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(listed.map((winery) => winery.id)).size).toBe(listed.length);
    // A title on the list is a producer: it is never the name of another producer's wine.
    const wines = await portal.gql<{ allWines: { title: string; winery: { id: number } }[] }>(
      '{ allWines { title winery { id } } }',
    );
    const wineOf = new Map((wines.data?.allWines ?? []).map((wine) => [wine.title, wine.winery.id]));
    for (const winery of listed) {
      const producer = wineOf.get(winery.title);
      if (producer !== undefined) expect(producer, winery.title).toBe(winery.id);
    }
    for (const wine of [
      'Carruades de Lafite',
      'La Tâche Grand Cru',
      'Dom Pérignon Brut',
      'Chambertin Grand Cru',
    ]) {
      expect(titles).not.toContain(wine);
    }
    expect(titles).toContain('Moët & Chandon');
    expect(titles.filter((title) => title === 'Château Lafite Rothschild')).toHaveLength(1);
    expect(
      listed.every((winery) => winery.region.title.length > 0 && winery.region.country.title.length > 0),
    ).toBe(true);
  });

  it('lists all wines and the price index with base 100, its source and the day of its newest price', async () => {
    const wines = await portal.gql<{ allWines: { title: string; winery: { region: { title: string } } }[] }>(
      '{ allWines { id title winery { id region { title } } subregion { title } } }',
    );
    const titles = wines.data?.allWines.map((wine) => wine.title) ?? [];
    expect(titles.length).toBeGreaterThan(10);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const index = await portal.gql<{
      priceIndex: {
        points: { year: number; value: number }[];
        vintageCount: number;
        valuationSource: string;
        valuationAsOf: string | null;
      };
    }>('{ priceIndex { vintageCount valuationSource valuationAsOf points { year value vintageCount } } }');
    const points = index.data?.priceIndex.points ?? [];
    expect(points.length).toBeGreaterThan(1);
    expect(points[0]?.value).toBe(100);
    expect(index.data?.priceIndex.vintageCount).toBeGreaterThan(0);
    // The demo prices were recorded when the demo data was seeded: today.
    expect(index.data?.priceIndex.valuationSource).toBe(PRICE_INDEX_SOURCE);
    expect(index.data?.priceIndex.valuationAsOf).toBe(businessDay());
    expect(
      valuationAsOfLabel(PRICE_INDEX_SOURCE, index.data?.priceIndex.valuationAsOf ?? null, businessDay())
        .text,
    ).toBe(`${PRICE_INDEX_SOURCE}, Stand ${formatDate(businessDay())}`);
  });
});
