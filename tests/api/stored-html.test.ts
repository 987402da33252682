/**
 * Stored editorial HTML (blog bodies, academy descriptions, vintage sales headlines, descriptions and
 * assessments, winery and wine descriptions) reaches clients only sanitised: a script or event
 * handler stored by mistake or by a compromised editor account cannot run in the PWA.
 */
import { eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyVideos, blogPosts, vintages, wineries, wines } from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const PAYLOAD =
  '<p>Ein <b>großer</b> Jahrgang.</p><script>alert("xss")</script><img src="x" onerror="alert(1)">' +
  '<a href="javascript:alert(2)">Mehr</a><iframe src="https://evil.example"></iframe><p style="color:red" onclick="alert(3)">Ende</p>';

/** What must never reach a client: executable markup. */
const EXECUTABLE = /<script|onerror|onclick|javascript:|<iframe|style=/i;

describe.each(databaseTargets)('Gespeichertes HTML (%s)', (target) => {
  let portal: TestPortal;
  let token: string;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      'mutation { tokenAuth(email: "kunde@example.com", password: "Weindepot2026!") { token } }',
    );
    token = answer.data?.tokenAuth.token ?? '';
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('sanitises every stored HTML field on output and keeps the harmless formatting', async () => {
    const [vintage] = await portal.db.select().from(vintages).limit(1);
    const [post] = await portal.db.select().from(blogPosts).limit(1);
    const [video] = await portal.db
      .select()
      .from(academyVideos)
      .where(lte(academyVideos.datetimePublished, new Date()))
      .limit(1);
    if (!vintage || !post || !video) throw new Error('Demodaten fehlen');
    const [wine] = await portal.db.select().from(wines).where(eq(wines.id, vintage.wineId));
    if (!wine) throw new Error('Wein fehlt');
    await portal.db
      .update(vintages)
      .set({ salesHeadline: PAYLOAD, description: PAYLOAD, usp: PAYLOAD })
      .where(eq(vintages.id, vintage.id));
    await portal.db.update(wines).set({ description: PAYLOAD }).where(eq(wines.id, wine.id));
    await portal.db.update(wineries).set({ description: PAYLOAD }).where(eq(wineries.id, wine.wineryId));
    await portal.db.update(blogPosts).set({ body: PAYLOAD }).where(eq(blogPosts.id, post.id));
    await portal.db.update(academyVideos).set({ description: PAYLOAD }).where(eq(academyVideos.id, video.id));

    const answers = [
      await portal.gql(
        `query ($id: Int!) { vintageDetails(vintageId: $id) {
          salesHeadline description usp salesHeadlineHtml descriptionHtml uspHtml
          wine { description descriptionHtml winery { description descriptionHtml } } } }`,
        { id: vintage.id },
      ),
      await portal.gql('query ($id: Int!) { wineryDetails(wineryId: $id) { description descriptionHtml } }', {
        id: wine.wineryId,
      }),
      await portal.gql('query ($slug: String!) { page(slug: $slug) { body } }', { slug: post.slug }),
      await portal.gql('{ allPostPages(first: 50) { slug body } }'),
      await portal.gql(
        'query ($slug: String!) { getAcademyVideo(slug: $slug) { description } }',
        { slug: video.slug },
        { token },
      ),
    ];
    const texts: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      collect(answer.data);
    }
    const stored = texts.filter((text) => text.includes('Jahrgang.'));
    // Vintage: 6 fields, wine 2, winery 2 + 2, blog page 1 + list 1, academy video 1.
    expect(stored.length).toBeGreaterThanOrEqual(15);
    for (const text of stored) {
      expect(text).not.toMatch(EXECUTABLE);
      expect(text).toContain('<b>großer</b>');
      expect(text).toContain('Ende');
    }
  });
});
