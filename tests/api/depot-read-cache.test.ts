/**
 * The depot-read cache (server/graphql/depot-read-cache.ts): a client's depot read is served again
 * only while the database says nothing of it changed, so every writer is seen by the very next read —
 * the back office's mutations, the secondary market, a second server instance on the same database
 * with a cache of its own, valuations imported and positions moved or deleted in SQL, and (on
 * Postgres) a transaction that was still running when the depot was last read.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { print } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotPositionStatuses, depotPositions, users, valuations } from '../../server/db/schema';
import { buildApp } from '../../server/http';
import { ClientsDepotDocument } from '../../src/api/graphql.generated';
import { MARKET_VALUE_SOURCE } from '../../src/domain/depot-valuation';
import { databaseTargets, type GraphQLAnswer, startTestPortal, type TestPortal } from './support/harness';
import { signInToken } from './support/sign-in';

const DEPOT = `query {
  me { investmentScore }
  clientsDepot {
    id storageId amount currentStatus marketValueBtl
    depotPositionStatusRel { status }
    vintage { id valuationRel { value } }
  }
}`;

const UPDATE_STORAGE = `mutation ($id: Int!, $storage: String!) {
  updateStorageId(depotPositionId: $id, storageId: $storage) { success errors { message } }
}`;
const ENTER_BOND = `mutation ($id: Int!, $mrn: String, $date: String) {
  updateAssetUnderManagement(depotPositionId: $id, newMrn: $mrn, newMrnDate: $date) { success errors { message } }
}`;

interface Position {
  id: number;
  storageId: string | null;
  amount: number;
  currentStatus: string | null;
  marketValueBtl: string | null;
  depotPositionStatusRel: { status: string }[];
  vintage: { id: number; valuationRel: { value: string }[] };
}
interface Depot {
  me: { investmentScore: string };
  clientsDepot: Position[];
}

function positionOf(depot: Depot, id: number): Position {
  const position = depot.clientsDepot.find((entry) => entry.id === id);
  if (!position) throw new Error(`Position ${id} fehlt`);
  return position;
}

/** The depot as an answer gives it (no errors expected). */
function depotIn(answer: GraphQLAnswer<Depot>): Depot {
  expect(answer.errors).toBeUndefined();
  if (!answer.data) throw new Error('Kein Depot');
  return answer.data;
}

/** Whether a statement of these read the depot's positions from the database (not from the cache). */
const readPositions = (statements: string[]) =>
  statements.some((statement) => statement.includes("'conditionReportPdf'"));

describe.each(databaseTargets)('Zwischenspeicher des Depots (%s)', (target) => {
  let portal: TestPortal;
  /** A second server on the same database: its own process caches, as another instance has. */
  let second: FastifyInstance;
  let clientToken: string;
  let staffToken: string;
  let clientId: number;

  async function depotOn(app: 'first' | 'second', token = clientToken): Promise<Depot> {
    if (app === 'first') return depotIn(await portal.gql<Depot>(DEPOT, {}, { token }));
    const response = await second.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      payload: JSON.stringify({ query: DEPOT }),
    });
    return depotIn({ ...response.json(), status: response.statusCode });
  }

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    second = await buildApp({ db: portal.db, config: portal.config });
    clientToken = await signInToken(portal, 'kunde@example.com');
    staffToken = await signInToken(portal, 'berater@example.com');
    const [client] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    if (!client) throw new Error('Demokunde fehlt');
    clientId = client.id;
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await portal?.close();
  });

  it('answers a second read from the cache, and the same as the database', async () => {
    const first = await depotOn('first');
    portal.queries.length = 0;
    const again = await depotOn('first');
    expect(readPositions(portal.queries)).toBe(false);
    expect(again).toEqual(first);

    // The PWA's own depot query gives the same positions whether read or served.
    const pwa = await portal.gql(print(ClientsDepotDocument), {}, { token: clientToken });
    expect(pwa.errors).toBeUndefined();
    expect((pwa.data as { clientsDepot: { id: number }[] }).clientsDepot.map((p) => p.id)).toEqual(
      first.clientsDepot.map((p) => p.id),
    );
  });

  it("shows the back office's changes at once, on this instance and on another", async () => {
    const before = await depotOn('first');
    await depotOn('second');
    // Bonded only from PURCHASED or SHIPPING (backoffice-stock.ts).
    const position = before.clientsDepot.find(
      (entry) => entry.currentStatus === 'PURCHASED' || entry.currentStatus === 'SHIPPING',
    );
    if (!position) throw new Error('Keine gekaufte Position');

    const moved = await portal.gql<{ updateStorageId: { success: boolean } }>(
      UPDATE_STORAGE,
      { id: position.id, storage: '40001, 40002' },
      { token: staffToken },
    );
    expect(moved.data?.updateStorageId.success).toBe(true);
    expect(positionOf(await depotOn('first'), position.id).storageId).toBe('40001, 40002');
    expect(positionOf(await depotOn('second'), position.id).storageId).toBe('40001, 40002');

    // A status entry (IN_BOND with the customs reference), written through the second instance.
    const bonded = await second.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `JWT ${staffToken}` },
      payload: JSON.stringify({
        query: ENTER_BOND,
        variables: { id: position.id, mrn: '25FR3300000000999X', date: '2025-03-04' },
      }),
    });
    expect(bonded.json().data.updateAssetUnderManagement.success).toBe(true);
    for (const app of ['first', 'second'] as const) {
      const after = positionOf(await depotOn(app), position.id);
      expect(after.currentStatus).toBe('IN_BOND');
      expect(after.depotPositionStatusRel.map((entry) => entry.status)).toContain('IN_BOND');
    }
  });

  it('shows valuations imported, and positions added, moved or deleted in SQL, by the next read', async () => {
    const before = await depotOn('first');
    await depotOn('second');
    const [first, second_] = before.clientsDepot;
    if (!first || !second_) throw new Error('Zu wenige Positionen');

    // A valuation import (no GraphQL writer: imports write SQL).
    await portal.db.insert(valuations).values({
      vintageId: first.vintage.id,
      sourceOfValuation: MARKET_VALUE_SOURCE,
      value: '98765.43',
      datetimeCreated: new Date(),
    });
    for (const app of ['first', 'second'] as const) {
      const valued = positionOf(await depotOn(app), first.id);
      expect(valued.vintage.valuationRel[0]?.value).toBe('98765.43');
      expect(valued.marketValueBtl).not.toBe(first.marketValueBtl);
    }

    // A status entry deleted.
    const [entry] = await portal.db
      .select()
      .from(depotPositionStatuses)
      .where(eq(depotPositionStatuses.depotPositionId, second_.id));
    if (!entry) throw new Error('Position ohne Status');
    await portal.db.delete(depotPositionStatuses).where(eq(depotPositionStatuses.id, entry.id));
    expect(positionOf(await depotOn('second'), second_.id).depotPositionStatusRel).toHaveLength(
      second_.depotPositionStatusRel.length - 1,
    );

    // A position moved to another client: gone from this depot, in the other one.
    const otherId = await portal.createUser('umzug@example.com');
    const otherToken = await signInToken(portal, 'umzug@example.com');
    expect((await depotOn('second', otherToken)).clientsDepot).toEqual([]);
    await portal.db.update(depotPositions).set({ ownerId: otherId }).where(eq(depotPositions.id, first.id));
    for (const app of ['first', 'second'] as const) {
      const ids = (await depotOn(app)).clientsDepot.map((position) => position.id);
      expect(ids).not.toContain(first.id);
      expect((await depotOn(app, otherToken)).clientsDepot.map((position) => position.id)).toEqual([
        first.id,
      ]);
    }

    // And back, then deleted.
    await portal.db.update(depotPositions).set({ ownerId: clientId }).where(eq(depotPositions.id, first.id));
    expect((await depotOn('first')).clientsDepot.map((position) => position.id)).toContain(first.id);
    await portal.db.delete(depotPositionStatuses).where(eq(depotPositionStatuses.depotPositionId, first.id));
    await portal.db.delete(depotPositions).where(eq(depotPositions.id, first.id));
    for (const app of ['first', 'second'] as const) {
      const depot = await depotOn(app);
      expect(depot.clientsDepot.map((position) => position.id)).not.toContain(first.id);
      expect(depot.me.investmentScore).not.toBe(before.me.investmentScore);
    }
  });

  it('reads twice at once the same depot, and each gets it whole', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => depotOn('first')));
    const expected = await depotOn('first');
    for (const answer of answers) expect(answer).toEqual(expected);
  });
});

describe.each(databaseTargets.filter((target) => target === 'postgres'))(
  'Zwischenspeicher des Depots bei gleichzeitigen Transaktionen (%s)',
  (target) => {
    let portal: TestPortal;
    let clientToken: string;

    const readDepot = async () => depotIn(await portal.gql<Depot>(DEPOT, {}, { token: clientToken }));

    beforeAll(async () => {
      portal = await startTestPortal(target, { seed: true });
      clientToken = await signInToken(portal, 'kunde@example.com');
    }, 120_000);
    afterAll(async () => {
      await portal?.close();
    });

    it('shows a change that was still uncommitted at the last read once it is committed', async () => {
      const before = await readDepot();
      const position = before.clientsDepot[0];
      if (!position) throw new Error('Keine Position');
      const writer = new pg.Client({ connectionString: portal.config.databaseUrl });
      await writer.connect();
      try {
        await writer.query('begin');
        await writer.query('update depot_positions set amount = amount + 7 where id = $1', [position.id]);
        // Served from the cache while the change runs: not visible yet.
        expect(positionOf(await readDepot(), position.id).amount).toBe(position.amount);
        // Another change, committed, makes the next read go to the database and store its rows
        // while the first change still runs.
        await portal.db.insert(valuations).values({
          vintageId: position.vintage.id,
          sourceOfValuation: MARKET_VALUE_SOURCE,
          value: '123.45',
          datetimeCreated: new Date(),
        });
        portal.queries.length = 0;
        const during = positionOf(await readDepot(), position.id);
        expect(readPositions(portal.queries)).toBe(true);
        expect(during.vintage.valuationRel[0]?.value).toBe('123.45');
        expect(during.amount).toBe(position.amount);
        await writer.query('commit');
      } finally {
        await writer.end();
      }
      expect(positionOf(await readDepot(), position.id).amount).toBe(position.amount + 7);
    });
  },
);
