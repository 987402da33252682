import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const WINES = `query ($wineryId: Int, $first: Int, $afterId: Int) {
  allWines(wineryId: $wineryId, first: $first, afterId: $afterId) { id title winery { id } }
}`;

interface Wines {
  allWines: { id: number; title: string; winery: { id: number } }[];
}

describe.each(databaseTargets)('Weinliste in Teilen (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
  });
  afterAll(() => portal?.close());

  const wines = async (variables: Record<string, unknown> = {}) => {
    const answer = await portal.gql<Wines>(WINES, variables);
    expect(answer.errors).toBeUndefined();
    return (answer.data as Wines).allWines;
  };

  it('gives the list part by part as in one answer, and one winery alone', async () => {
    const whole = await wines();
    expect(whole.length).toBeGreaterThan(10);
    const parts: Wines['allWines'] = [];
    let afterId: number | undefined;
    for (;;) {
      const part = await wines({ first: 4, ...(afterId ? { afterId } : {}) });
      parts.push(...part);
      if (part.length < 4) break;
      afterId = part.at(-1)?.id;
    }
    expect(parts.map((wine) => wine.id)).toEqual(whole.map((wine) => wine.id));
    const winery = whole[0]?.winery.id;
    expect(await wines({ wineryId: winery })).toEqual(whole.filter((wine) => wine.winery.id === winery));
  });

  it('answers at most 200 wines, and refuses a count outside 1 to 200 in German', async () => {
    await portal.db.execute(sql`
      insert into wines (title, title_unidecoded, lwin, winery_id, description)
      select 'Testwein ' || lpad(i::text, 3, '0'), 'Testwein ' || lpad(i::text, 3, '0'), 'T' || lpad(i::text, 6, '0'),
             (select min(id) from wineries), ''
      from generate_series(1, 250) i`);
    expect(await wines()).toHaveLength(200);
    for (const first of [0, 201]) {
      const answer = await portal.gql<Wines>(WINES, { first });
      expect(answer.errors?.[0]?.message).toBe('Bitte eine Anzahl von 1 bis 200 Weinen angeben.');
    }
  });
});
