import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

// Inline: the paging arguments beside every filter; the GraphQL documents of the other search
// tests ask without them.
const PAGED = `query ($isPromoted: Boolean, $search: String, $first: Int, $after: String) {
  searchOffers(isPromoted: $isPromoted, search: $search, first: $first, after: $after) {
    available { id } onRequest { id } totalAvailable totalOnRequest pageInfo { endCursor hasNextPage }
  }
}`;

interface Page {
  searchOffers: {
    available: { id: number }[];
    onRequest: { id: number }[];
    totalAvailable: number;
    totalOnRequest: number;
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

describe.each(databaseTargets)('Angebotssuche in Seiten (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
  });
  afterAll(() => portal?.close());

  const search = async (variables: Record<string, unknown>) => {
    const answer = await portal.gql<Page>(PAGED, variables);
    expect(answer.errors).toBeUndefined();
    return (answer.data as Page).searchOffers;
  };

  /** Every page of a search of `size` offers each, in order, from the page after `from`. */
  async function allPages(variables: Record<string, unknown>, size: number, from: string | null = null) {
    const pages: Page['searchOffers'][] = [];
    let after: string | null = from;
    do {
      const page = await search({ ...variables, first: size, after });
      expect(page.available.length + page.onRequest.length).toBeLessThanOrEqual(size);
      pages.push(page);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return pages;
  }

  it.each([{ isPromoted: true }, { isPromoted: false }, { isPromoted: true, search: 'ch' }])(
    'gives page by page the offers of the search in one answer, in the same order (%o)',
    async (variables) => {
      const whole = await search(variables);
      expect(whole.pageInfo.hasNextPage).toBe(false);
      expect(whole.available.length).toBeGreaterThan(0);
      for (const size of [1, 4, 7]) {
        const pages = await allPages(variables, size);
        expect(pages.flatMap((page) => page.available.map((offer) => offer.id))).toEqual(
          whole.available.map((offer) => offer.id),
        );
        expect(pages.flatMap((page) => page.onRequest.map((offer) => offer.id))).toEqual(
          whole.onRequest.map((offer) => offer.id),
        );
        for (const page of pages) {
          expect(page.totalAvailable).toBe(whole.available.length);
          expect(page.totalOnRequest).toBe(whole.onRequest.length);
        }
      }
    },
  );

  it('answers at most 200 offers without paging arguments and counts them all', async () => {
    // 230 more promoted offers with cases, newer than the demo's.
    await portal.db.execute(sql`
      insert into offers (vintage_id, bottle_size_id, sell_price_btl, promote_offer, created_at)
      select (select min(id) from vintages), (select min(id) from bottle_sizes), 99, true, now() + (i || ' seconds')::interval
      from generate_series(1, 230) i`);
    const before = await search({ isPromoted: true, first: 200 });
    const page = await search({ isPromoted: true });
    expect(page.available.length + page.onRequest.length).toBe(200);
    expect(page.available.map((offer) => offer.id)).toEqual(before.available.map((offer) => offer.id));
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.totalAvailable).toBeGreaterThanOrEqual(230);
    const rest = await allPages({ isPromoted: true }, 200, page.pageInfo.endCursor);
    expect(page.available.length + rest.reduce((sum, next) => sum + next.available.length, 0)).toBe(
      page.totalAvailable,
    );
  });

  it('refuses a page size outside 1 to 200 and a made-up cursor, in German', async () => {
    for (const variables of [{ first: 0 }, { first: 201 }, { first: -3 }]) {
      const answer = await portal.gql<Page>(PAGED, variables);
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.message).toBe('Bitte eine Seitengröße von 1 bis 200 Angeboten angeben.');
    }
    for (const after of ['kein-cursor', Buffer.from('angebot:abc').toString('base64url'), '']) {
      const answer = await portal.gql<Page>(PAGED, { after });
      expect(answer.errors?.[0]?.message).toBe(
        'Diese Seitenmarke ist ungültig. Bitte die Suche neu beginnen.',
      );
    }
  });
});
