import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bottleSizes,
  depotPositionStatuses,
  depotPositions,
  sellOrders,
  users,
  valuations,
} from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const TOKEN_AUTH =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';
const PERFORMANCE = `query ($mail: String) { depotPerformance(clientsMail: $mail) {
  marketValue invested netExitValue taxFreeValue gainPercent annualizedReturnPercent soldPositions
  points { date invested marketValue } index { date value newestPriceDate }
  valuationSource valuationAsOf
} }`;
const POSITIONS = `query { clientsDepot { id marketValueBtl valuationSource valuationDate taxFreeFrom purchaseDate currentStatus saleProceedsNet settlementPdfUrl } }`;

interface Performance {
  marketValue: string;
  invested: string;
  netExitValue: string;
  taxFreeValue: string;
  gainPercent: number | null;
  annualizedReturnPercent: number | null;
  soldPositions: number;
  points: { date: string; invested: string; marketValue: string }[];
  index: { date: string; value: number; newestPriceDate: string | null }[];
  valuationSource: string;
  valuationAsOf: string | null;
}

/** Calendar day in Berlin, written independently of the product code. */
const berlin = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(at); // "2026-11-24"
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const euro = (value: number) => (value / 100).toFixed(2);
const DAY = 24 * 60 * 60 * 1000;
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe.each(databaseTargets)('Wertentwicklung des Depots (%s)', (target) => {
  let portal: TestPortal;
  let clientToken: string;

  async function tokenFor(email: string): Promise<string> {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email });
    const token = answer.data?.tokenAuth.token;
    if (!token) throw new Error(`Keine Anmeldung für ${email}`);
    return token;
  }

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    clientToken = await tokenFor('kunde@example.com');
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it("recomputes the demo client's figures from the raw rows", { timeout: 120_000 }, async () => {
    const answer = await portal.gql<{ depotPerformance: Performance }>(
      PERFORMANCE,
      {},
      { token: clientToken },
    );
    expect(answer.errors).toBeUndefined();
    const performance = answer.data?.depotPerformance as Performance;
    const today = berlin(new Date());

    // Raw rows: positions, their statuses and bottle sizes, the vintages' Wine-Searcher valuations.
    const [owner] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    const positions = await portal.db
      .select({ position: depotPositions, factor: bottleSizes.factorForLiterPrices })
      .from(depotPositions)
      .innerJoin(bottleSizes, eq(bottleSizes.id, depotPositions.bottleSizeId))
      .where(eq(depotPositions.ownerId, owner?.id ?? -1));
    const statuses = await portal.db
      .select()
      .from(depotPositionStatuses)
      .where(
        inArray(
          depotPositionStatuses.depotPositionId,
          positions.map((row) => row.position.id),
        ),
      );
    const valuationRows = (
      await portal.db
        .select()
        .from(valuations)
        .where(
          inArray(
            valuations.vintageId,
            positions.map((row) => row.position.vintageId),
          ),
        )
    ).filter((row) => row.sourceOfValuation === 'WINE_SEARCHER_EUROPE_AVERAGE_EURO');

    const held = positions.map(({ position, factor }) => {
      const own = statuses.filter((status) => status.depotPositionId === position.id);
      const purchased = own
        .filter((status) => status.status === 'PURCHASED')
        .map((status) => berlin(status.datetimeStatusUpdate))
        .sort()
        .at(-1);
      const sold = own
        .filter((status) => status.status === 'SOLD')
        .map((status) => berlin(status.datetimeStatusUpdate))
        .sort()[0];
      const bottles = position.caskOf * position.amount;
      const buy = cents(position.buyPriceBtl) * bottles;
      const valueAt = (day: string) => {
        const newest = valuationRows
          .filter((row) => row.vintageId === position.vintageId && berlin(row.datetimeCreated) <= day)
          .sort((a, b) => a.datetimeCreated.getTime() - b.datetimeCreated.getTime())
          .at(-1);
        return newest ? Math.round((cents(newest.value) / 0.75) * Number(factor)) * bottles : buy;
      };
      return { purchased: purchased ?? today, sold, buy, valueAt };
    });
    expect(held.some((position) => position.sold)).toBe(true);

    // Points: the first of each month after the first purchase, and today.
    const first = held.map((position) => position.purchased).sort()[0] as string;
    const days: string[] = [];
    let [year, month] = first.split('-').map(Number) as [number, number];
    if (!first.endsWith('-01')) month += 1;
    for (; ; month += 1) {
      if (month > 12) [year, month] = [year + 1, 1];
      const day = `${year}-${String(month).padStart(2, '0')}-01`;
      if (day >= today) break;
      days.push(day);
    }
    days.push(today);
    expect(performance.points.map((point) => point.date)).toEqual(days);
    expect(days.length).toBeGreaterThanOrEqual(34); // about three years of months

    for (const point of performance.points) {
      const counted = held.filter(
        (position) => position.purchased <= point.date && !(position.sold && position.sold <= point.date),
      );
      expect(point.invested, point.date).toBe(euro(counted.reduce((sum, position) => sum + position.buy, 0)));
      expect(point.marketValue, point.date).toBe(
        euro(counted.reduce((sum, position) => sum + position.valueAt(point.date), 0)),
      );
    }
    // The values move from month to month (not a straight line of purchases).
    const values = performance.points.map((point) => cents(point.marketValue) - cents(point.invested));
    expect(new Set(values).size).toBeGreaterThan(10);

    const holding = held.filter((position) => !(position.sold && position.sold <= today));
    const marketValue = holding.reduce((sum, position) => sum + position.valueAt(today), 0);
    const invested = holding.reduce((sum, position) => sum + position.buy, 0);
    expect(performance.marketValue).toBe(euro(marketValue));
    expect(performance.invested).toBe(euro(invested));
    expect(performance.netExitValue).toBe(euro(Math.round(marketValue * 0.965)));
    expect(performance.gainPercent).toBeCloseTo(((marketValue - invested) / invested) * 100, 6);
    expect(performance.soldPositions).toBe(held.length - holding.length);

    // Tax-free: purchased more than a year ago (the day after the anniversary is past today).
    const taxFree = holding.filter((position) => {
      const [year, month, day] = position.purchased.split('-').map(Number) as [number, number, number];
      const anniversary = new Date(Date.UTC(year + 1, month - 1, month === 2 && day === 29 ? 28 : day));
      return new Date(anniversary.getTime() + DAY).toISOString().slice(0, 10) <= today;
    });
    expect(taxFree.length).toBeGreaterThan(0);
    expect(taxFree.length).toBeLessThan(holding.length);
    expect(performance.taxFreeValue).toBe(
      euro(taxFree.reduce((sum, position) => sum + position.valueAt(today), 0)),
    );

    // Annual return: the net present value of the flows at the stated rate is zero.
    const rate = (performance.annualizedReturnPercent as number) / 100;
    const start = dayTime(first);
    const npv =
      holding.reduce(
        (sum, position) =>
          sum - position.buy / (1 + rate) ** ((dayTime(position.purchased) - start) / DAY / 365),
        0,
      ) +
      marketValue / (1 + rate) ** ((dayTime(today) - start) / DAY / 365);
    expect(Math.abs(npv)).toBeLessThan(1);

    // Index: equal-weighted and chain-linked from every vintage's market valuations at the
    // same dates (each vintage's newest valuation dated on or before the day), recomputed here.
    const market = (await portal.db.select().from(valuations))
      .filter((row) => row.sourceOfValuation === 'WINE_SEARCHER_EUROPE_AVERAGE_EURO')
      .map((row) => ({ ...row, day: berlin(row.datetimeCreated) }));
    const priceAt = (day: string) => {
      const newest = new Map<number, { at: number; value: number }>();
      for (const row of market) {
        if (row.day > day) continue;
        const at = row.datetimeCreated.getTime();
        const known = newest.get(row.vintageId);
        if (!known || at > known.at) newest.set(row.vintageId, { at, value: Number(row.value) });
      }
      return newest;
    };
    const expectedIndex: number[] = [];
    let level = 100;
    let before = priceAt(days[0] as string);
    expectedIndex.push(100);
    for (const day of days.slice(1)) {
      const now = priceAt(day);
      const ratios = [...now].flatMap(([id, price]) => {
        const was = before.get(id);
        return was ? [price.value / was.value] : [];
      });
      if (ratios.length > 0) level *= ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
      expectedIndex.push(Math.round(level * 100) / 100);
      before = now;
    }
    expect(performance.index.map((point) => point.date)).toEqual(days);
    expect(performance.index.map((point) => point.value)).toEqual(expectedIndex);
    // Monthly valuations move the index from month to month (it was flat for half a year).
    const monthly = performance.index.slice(0, -1).map((point) => point.value);
    for (let i = 1; i < monthly.length; i += 1) expect(monthly[i]).not.toBe(monthly[i - 1]);
    // The demo data is valued up to the day it was seeded: today's point rests on today's prices.
    expect(performance.index.at(-1)?.newestPriceDate).toBe(today);
    expect(performance.valuationSource).toBe('Wine-Searcher Europa-Ø');
    expect(performance.valuationAsOf).toBe(today);
  });

  it('names source, date and tax-free day of each position', async () => {
    const answer = await portal.gql<{
      clientsDepot: {
        id: number;
        marketValueBtl: string | null;
        valuationSource: string | null;
        valuationDate: string | null;
        taxFreeFrom: string | null;
        purchaseDate: string | null;
      }[];
    }>(POSITIONS, {}, { token: clientToken });
    expect(answer.errors).toBeUndefined();
    for (const position of answer.data?.clientsDepot ?? []) {
      if (position.marketValueBtl === null) expect(position.valuationSource).toBeNull();
      else {
        expect(position.valuationSource).toBe('Wine-Searcher Europa-Ø');
        expect(position.valuationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      const purchase = berlin(new Date(position.purchaseDate as string));
      const [year, month, day] = purchase.split('-').map(Number) as [number, number, number];
      const expected = new Date(Date.UTC(year + 1, month - 1, (month === 2 && day === 29 ? 28 : day) + 1));
      expect(position.taxFreeFrom).toBe(expected.toISOString().slice(0, 10));
    }
  });

  it('gives each sold position the net proceeds its sell order recorded, and none to the held ones', async () => {
    const answer = await portal.gql<{
      clientsDepot: {
        id: number;
        currentStatus: string | null;
        saleProceedsNet: string | null;
        settlementPdfUrl: string | null;
      }[];
    }>(POSITIONS, {}, { token: clientToken });
    expect(answer.errors).toBeUndefined();
    const depot = answer.data?.clientsDepot ?? [];
    const [owner] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    const positions = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.ownerId, owner?.id ?? -1));
    const orders = await portal.db
      .select()
      .from(sellOrders)
      .where(eq(sellOrders.sellerId, owner?.id ?? -1));
    const sold = depot.filter((position) => position.currentStatus === 'SOLD');
    expect(sold.length).toBeGreaterThan(0);
    for (const position of depot) {
      const row = positions.find((candidate) => candidate.id === position.id);
      const order = orders.find((candidate) => candidate.id === row?.sellOrderId);
      if (position.currentStatus === 'SOLD' && order?.proceedsNet && order.casesSold === row?.amount) {
        expect(position.saleProceedsNet, `Position ${position.id}`).toBe(order.proceedsNet);
      } else if (position.currentStatus !== 'SOLD') {
        expect(position.saleProceedsNet, `Position ${position.id}`).toBeNull();
      }
    }
    // The demo's sales went through the Zweitmarkt: their proceeds and settlements are known.
    expect(sold.some((position) => position.saleProceedsNet !== null)).toBe(true);
    for (const position of depot) {
      const order = orders.find(
        (candidate) => candidate.id === positions.find((row) => row.id === position.id)?.sellOrderId,
      );
      expect(position.settlementPdfUrl, `Position ${position.id}`).toBe(
        position.currentStatus === 'SOLD' && order?.settlementToken && order.casesSold > 0
          ? `${portal.config.publicUrl}/settlement/${order.settlementToken}`
          : null,
      );
    }
    expect(sold.some((position) => position.settlementPdfUrl !== null)).toBe(true);
    // The count of sold positions the Wertentwicklung leaves out is the depot's.
    const performance = await portal.gql<{ depotPerformance: Performance }>(
      PERFORMANCE,
      {},
      { token: clientToken },
    );
    expect(performance.data?.depotPerformance.soldPositions).toBe(sold.length);
  });

  it('leaves a position sold without a sell order out of every figure and knows no proceeds for it', async () => {
    const ownerId = await portal.createUser('verkauft.ohne.auftrag@example.com');
    const token = await tokenFor('verkauft.ohne.auftrag@example.com');
    const [size] = await portal.db.select().from(bottleSizes).where(eq(bottleSizes.title, '0,75l'));
    const [position] = await portal.db.select().from(depotPositions).limit(1);
    if (!size || !position) throw new Error('Demodaten fehlen');
    const bought = new Date(Date.now() - 400 * DAY);
    const [held, sold] = await portal.db
      .insert(depotPositions)
      .values(
        ['100.00', '250.00'].map((price) => ({
          ownerId,
          vintageId: position.vintageId,
          bottleSizeId: size.id,
          amount: 1,
          caskOf: 6,
          buyPriceBtl: price,
        })),
      )
      .returning();
    if (!held || !sold) throw new Error('Positionen fehlen');
    await portal.db.insert(depotPositionStatuses).values([
      { depotPositionId: held.id, status: 'PURCHASED', datetimeStatusUpdate: bought },
      { depotPositionId: sold.id, status: 'PURCHASED', datetimeStatusUpdate: bought },
      { depotPositionId: sold.id, status: 'SOLD', datetimeStatusUpdate: new Date(Date.now() - 30 * DAY) },
    ]);

    const depot = await portal.gql<{
      clientsDepot: { id: number; currentStatus: string; saleProceedsNet: string | null }[];
    }>(POSITIONS, {}, { token });
    expect(depot.data?.clientsDepot.map((row) => [row.id, row.currentStatus, row.saleProceedsNet])).toEqual([
      [held.id, 'PURCHASED', null],
      [sold.id, 'SOLD', null],
    ]);
    const answer = await portal.gql<{ depotPerformance: Performance }>(PERFORMANCE, {}, { token });
    const performance = answer.data?.depotPerformance as Performance;
    expect(performance.soldPositions).toBe(1);
    expect(performance.invested).toBe('600.00');
    const valuationRows = (
      await portal.db.select().from(valuations).where(eq(valuations.vintageId, position.vintageId))
    ).filter((row) => row.sourceOfValuation === 'WINE_SEARCHER_EUROPE_AVERAGE_EURO');
    const newest = valuationRows
      .sort((a, b) => a.datetimeCreated.getTime() - b.datetimeCreated.getTime())
      .at(-1);
    const market = newest
      ? Math.round((cents(newest.value) / 0.75) * Number(size.factorForLiterPrices)) * 6
      : 60_000;
    expect(performance.marketValue).toBe(euro(market));
    expect(performance.taxFreeValue).toBe(euro(market));
  });

  it("lets staff read a client's figures, but not another client", async () => {
    const own = await portal.gql<{ depotPerformance: Performance }>(PERFORMANCE, {}, { token: clientToken });
    const staff = await portal.gql<{ depotPerformance: Performance }>(
      PERFORMANCE,
      { mail: 'kunde@example.com' },
      { token: await tokenFor('berater@example.com') },
    );
    expect(staff.errors).toBeUndefined();
    expect(staff.data?.depotPerformance).toEqual(own.data?.depotPerformance);

    const unknown = await portal.gql(
      PERFORMANCE,
      { mail: 'niemand@example.com' },
      { token: await tokenFor('berater@example.com') },
    );
    expect(unknown.errors?.[0]?.message).toBe('Kein Kunde mit dieser E-Mail-Adresse gefunden.');

    await portal.createUser('zweite.kundin@example.com');
    const other = await tokenFor('zweite.kundin@example.com');
    const foreign = await portal.gql(PERFORMANCE, { mail: 'kunde@example.com' }, { token: other });
    expect(foreign.data).toBeNull();
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(foreign.errors?.[0]?.message).toBe('Für diese Aktion fehlt Ihnen die Berechtigung.');

    const empty = await portal.gql<{ depotPerformance: Performance }>(PERFORMANCE, {}, { token: other });
    expect(empty.data?.depotPerformance).toMatchObject({
      marketValue: '0.00',
      invested: '0.00',
      gainPercent: null,
      annualizedReturnPercent: null,
    });

    const anonymous = await portal.gql(PERFORMANCE, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
