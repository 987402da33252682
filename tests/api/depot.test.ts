import { eq, notInArray, sql } from 'drizzle-orm';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotPositionStatuses, depotPositions, valuations, vintages } from '../../server/db/schema';
import { ClientsDepotDocument, ViewClientsDepotDocument } from '../../src/api/graphql.generated';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const TOKEN_AUTH =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';

const POSITION_FIELDS = `
  id storageId amount caskOf buyPriceBtl buyPriceBtlStr buyPriceCaseStr
  currentStatus purchaseDate marketValueBtl marketValueCase gainPercent advice
  owner { email investmentScore }
  bottleSize { title factorForLiterPrices }
  conditionReportPdf { id file }
  depotPositionStatusRel { status datetimeStatusUpdate }
  vintage {
    id title year image enPrimeurDeliveryDate referenceKpi
    valuationRel { sourceOfValuation value datetimeCreated }
    vintagePricing { history { year annualAvgEurAdj } }
    wine { title image lwin classification { title } winery { title region { title } } }
  }`;

const CLIENTS_DEPOT = `query { me { email investmentScore } clientsDepot { ${POSITION_FIELDS} } }`;
const VIEW_CLIENTS_DEPOT = `query ($mail: String!) { viewClientsDepot(clientsMail: $mail) { ${POSITION_FIELDS} } }`;

interface Position {
  id: number;
  amount: number;
  caskOf: number;
  buyPriceBtl: string;
  buyPriceBtlStr: string;
  buyPriceCaseStr: string;
  currentStatus: string | null;
  purchaseDate: string | null;
  marketValueBtl: string | null;
  marketValueCase: string | null;
  gainPercent: number | null;
  advice: string;
  owner: { email: string; investmentScore: string };
  bottleSize: { title: string; factorForLiterPrices: string };
  depotPositionStatusRel: { status: string; datetimeStatusUpdate: string }[];
  vintage: {
    id: number;
    valuationRel: { sourceOfValuation: string; value: string; datetimeCreated: string }[];
  };
}

describe.each(databaseTargets)('Depot (%s)', (target) => {
  let portal: TestPortal;
  let clientToken: string;
  let staffToken: string;

  async function tokenFor(email: string): Promise<string> {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, { email });
    const token = answer.data?.tokenAuth.token;
    if (!token) throw new Error(`Keine Anmeldung für ${email}`);
    return token;
  }

  /** Gives `ownerId` `count` positions copied from the demo client's first position (or of `vintageId`). */
  async function addPositions(
    ownerId: number,
    count: number,
    buyPriceBtl = '100.00',
    vintageId?: number,
  ): Promise<number[]> {
    const [template] = await portal.db.select().from(depotPositions).limit(1);
    if (!template) throw new Error('Keine Depotposition in den Demodaten');
    const rows = await portal.db
      .insert(depotPositions)
      .values(
        Array.from({ length: count }, () => ({
          ownerId,
          vintageId: vintageId ?? template.vintageId,
          bottleSizeId: template.bottleSizeId,
          amount: 1,
          caskOf: 6,
          buyPriceBtl,
        })),
      )
      .returning({ id: depotPositions.id });
    await portal.db.insert(depotPositionStatuses).values(
      rows.map((row) => ({
        depotPositionId: row.id,
        status: 'PURCHASED' as const,
        datetimeStatusUpdate: new Date('2025-03-01T10:00:00Z'),
      })),
    );
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    // Without the catalogue cache: the statement counts below must not depend on whether an earlier
    // request (within the cache's 2 s) already read the catalogue rows (tests/api/catalogue.test.ts
    // covers the cache).
    portal = await startTestPortal(target, { seed: true, env: { CATALOGUE_CACHE_TTL_MS: '0' } });
    clientToken = await tokenFor('kunde@example.com');
    staffToken = await tokenFor('berater@example.com');
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('gives a client only their own positions, with the investment score as the sum invested', async () => {
    const otherId = await portal.createUser('andere.kundin@example.com');
    const [foreignId] = await addPositions(otherId, 1);

    const answer = await portal.gql<{
      me: { email: string; investmentScore: string };
      clientsDepot: Position[];
    }>(CLIENTS_DEPOT, {}, { token: clientToken });
    expect(answer.errors).toBeUndefined();
    const depot = answer.data?.clientsDepot ?? [];
    expect(depot.length).toBeGreaterThanOrEqual(14);
    expect(depot.map((position) => position.id)).not.toContain(foreignId);
    expect(new Set(depot.map((position) => position.owner.email))).toEqual(new Set(['kunde@example.com']));

    const investedCents = depot.reduce(
      (sum, position) =>
        sum + Math.round(Number(position.buyPriceBtl) * 100) * position.caskOf * position.amount,
      0,
    );
    expect(answer.data?.me.investmentScore).toBe((investedCents / 100).toFixed(2));

    const other = await portal.gql<{ clientsDepot: Position[] }>(
      CLIENTS_DEPOT,
      {},
      { token: await tokenFor('andere.kundin@example.com') },
    );
    expect(other.data?.clientsDepot.map((position) => position.id)).toEqual([foreignId]);
  });

  it('formats prices in German and values positions by the newest Wine-Searcher Europe valuation', async () => {
    const answer = await portal.gql<{ clientsDepot: Position[] }>(CLIENTS_DEPOT, {}, { token: clientToken });
    const position = answer.data?.clientsDepot.find((row) => row.marketValueBtl !== null);
    if (!position) throw new Error('Keine bewertete Position');
    const cents = Math.round(Number(position.buyPriceBtl) * 100);
    const euro = (value: number) =>
      `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100)} €`;
    expect(position.buyPriceBtlStr).toBe(euro(cents));
    expect(position.buyPriceCaseStr).toBe(euro(cents * position.caskOf));
    expect(position.advice).toBe('Hold');

    const newest = position.vintage.valuationRel
      .filter((valuation) => valuation.sourceOfValuation === 'WINE_SEARCHER_EUROPE_AVERAGE_EURO')
      .sort((a, b) => Date.parse(b.datetimeCreated) - Date.parse(a.datetimeCreated))[0];
    if (!newest) throw new Error('Keine Wine-Searcher-Bewertung');
    const perBottle = Math.round(
      (Math.round(Number(newest.value) * 100) / 0.75) * Number(position.bottleSize.factorForLiterPrices),
    );
    expect(position.marketValueBtl).toBe((perBottle / 100).toFixed(2));
    expect(position.marketValueCase).toBe(((perBottle * position.caskOf) / 100).toFixed(2));
    expect(position.gainPercent).toBeCloseTo(((perBottle - cents) / cents) * 100, 6);
  });

  it('uses the newest Wine-Searcher Europe valuation even when a newer one of another source exists', async () => {
    const ownerId = await portal.createUser('bewertung@example.com');
    const [positionId] = await addPositions(ownerId, 1, '100.00');
    const [position] = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, positionId as number));
    if (!position) throw new Error('Position fehlt');
    await portal.db.insert(valuations).values([
      {
        vintageId: position.vintageId,
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
        value: '999.00',
        datetimeCreated: new Date('2090-01-01T00:00:00Z'),
      },
      {
        vintageId: position.vintageId,
        sourceOfValuation: 'LIVEX_MID_PRICE',
        value: '1.00',
        datetimeCreated: new Date('2091-01-01T00:00:00Z'),
      },
    ]);
    const answer = await portal.gql<{ clientsDepot: Position[] }>(
      CLIENTS_DEPOT,
      {},
      { token: await tokenFor('bewertung@example.com') },
    );
    const factor = Number(answer.data?.clientsDepot[0]?.bottleSize.factorForLiterPrices);
    expect(answer.data?.clientsDepot[0]?.marketValueBtl).toBe(
      (Math.round((99900 / 0.75) * factor) / 100).toFixed(2),
    );
  });

  it('resolves the current status by the latest date, not by insertion order', async () => {
    const ownerId = await portal.createUser('status@example.com');
    const [positionId] = await addPositions(ownerId, 1);
    await portal.db.insert(depotPositionStatuses).values([
      {
        depotPositionId: positionId as number,
        status: 'FOR_SALE',
        datetimeStatusUpdate: new Date('2025-09-01T10:00:00Z'),
      },
      {
        depotPositionId: positionId as number,
        status: 'IN_BOND',
        datetimeStatusUpdate: new Date('2025-05-01T10:00:00Z'),
      },
    ]);
    const answer = await portal.gql<{ clientsDepot: Position[] }>(
      CLIENTS_DEPOT,
      {},
      { token: await tokenFor('status@example.com') },
    );
    const position = answer.data?.clientsDepot[0];
    expect(position?.currentStatus).toBe('FOR_SALE');
    expect(position?.purchaseDate).toBe('2025-03-01T10:00:00.000Z');
    expect(position?.depotPositionStatusRel.map((entry) => entry.status)).toEqual([
      'PURCHASED',
      'IN_BOND',
      'FOR_SALE',
    ]);
  });

  it('answers status and valuation times in UTC with milliseconds, however precisely they are stored', async () => {
    const ownerId = await portal.createUser('zeiten@example.com');
    const [positionId] = await addPositions(ownerId, 1);
    const [position] = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.id, positionId as number));
    if (!position) throw new Error('Position fehlt');
    // Microseconds and a time zone offset, as Postgres stores what other programs write.
    await portal.db.execute(sql`
      update depot_position_statuses set datetime_status_update = '2025-06-30 23:59:59.999999+02'
      where depot_position_id = ${position.id}`);
    await portal.db.execute(sql`
      insert into valuations (vintage_id, source_of_valuation, value, datetime_created)
      values (${position.vintageId}, 'MANUAL', '12.30', '2095-02-28 23:30:00.5+01')`);
    const answer = await portal.gql<{ clientsDepot: Position[] }>(
      CLIENTS_DEPOT,
      {},
      { token: await tokenFor('zeiten@example.com') },
    );
    const read = answer.data?.clientsDepot[0];
    expect(read?.depotPositionStatusRel).toEqual([
      { status: 'PURCHASED', datetimeStatusUpdate: '2025-06-30T21:59:59.999Z' },
    ]);
    expect(read?.purchaseDate).toBe('2025-06-30T21:59:59.999Z');
    expect(read?.vintage.valuationRel[0]).toEqual({
      sourceOfValuation: 'MANUAL',
      value: '12.30',
      datetimeCreated: '2095-02-28T22:30:00.500Z',
    });
  });

  it('refuses viewClientsDepot to clients and visitors, and shows staff the depot of the client', async () => {
    const asClient = await portal.gql(
      VIEW_CLIENTS_DEPOT,
      { mail: 'kunde@example.com' },
      { token: clientToken },
    );
    expect(asClient.data).toBeNull();
    expect(asClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const asVisitor = await portal.gql(VIEW_CLIENTS_DEPOT, { mail: 'kunde@example.com' });
    expect(asVisitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const asStaff = await portal.gql<{ viewClientsDepot: Position[] }>(
      VIEW_CLIENTS_DEPOT,
      { mail: 'Kunde@Example.com' },
      { token: staffToken },
    );
    expect(asStaff.errors).toBeUndefined();
    const own = await portal.gql<{ clientsDepot: Position[] }>(CLIENTS_DEPOT, {}, { token: clientToken });
    expect(asStaff.data?.viewClientsDepot.map((position) => position.id)).toEqual(
      own.data?.clientsDepot.map((position) => position.id),
    );

    const unknown = await portal.gql(
      VIEW_CLIENTS_DEPOT,
      { mail: 'niemand@example.com' },
      { token: staffToken },
    );
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(unknown.errors?.[0]?.message).toBe('Kein Kunde mit dieser E-Mail-Adresse gefunden.');
  });

  it("sends each vintage of the caller's depot once beside the positions (the PWA's depot query)", async () => {
    type Answer = {
      clientsDepot: { id: number; vintage: { id: number } }[];
      clientsDepotVintages: { id: number; title: string; valuationRel: unknown[] }[];
    };
    const answer = await portal.gql<Answer>(print(ClientsDepotDocument), {}, { token: clientToken });
    expect(answer.errors).toBeUndefined();
    const positions = answer.data?.clientsDepot ?? [];
    const sent = answer.data?.clientsDepotVintages.map((vintage) => vintage.id) ?? [];
    expect(sent.length).toBe(new Set(sent).size);
    expect(new Set(sent)).toEqual(new Set(positions.map((position) => position.vintage.id)));
    expect(answer.data?.clientsDepotVintages.every((vintage) => vintage.title.length > 0)).toBe(true);

    // Many positions of one vintage: the vintage comes once. Another client's vintage never shows.
    const held = new Set(sent);
    const [foreignVintage] = await portal.db
      .select({ id: vintages.id })
      .from(vintages)
      .where(notInArray(vintages.id, [...held]))
      .limit(1);
    if (!foreignVintage) throw new Error('Kein Jahrgang außerhalb des Demodepots');
    const collectorId = await portal.createUser('sammler@example.com');
    await addPositions(collectorId, 25, '120.00', foreignVintage.id);
    const collector = await portal.gql<Answer>(
      print(ClientsDepotDocument),
      {},
      { token: await tokenFor('sammler@example.com') },
    );
    expect(collector.data?.clientsDepot).toHaveLength(25);
    expect(collector.data?.clientsDepotVintages.map((vintage) => vintage.id)).toEqual([foreignVintage.id]);
    const again = await portal.gql<Answer>(print(ClientsDepotDocument), {}, { token: clientToken });
    expect(again.data?.clientsDepotVintages.map((vintage) => vintage.id)).not.toContain(foreignVintage.id);
  });

  it('refuses viewClientsDepotVintages to clients and visitors, and gives staff the vintages of the client', async () => {
    const query = print(ViewClientsDepotDocument);
    const asClient = await portal.gql(query, { clientsMail: 'kunde@example.com' }, { token: clientToken });
    expect(asClient.data).toBeNull();
    expect(asClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asVisitor = await portal.gql(query, { clientsMail: 'kunde@example.com' });
    expect(asVisitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const asStaff = await portal.gql<{ viewClientsDepotVintages: { id: number }[] }>(
      query,
      { clientsMail: 'Kunde@Example.com' },
      { token: staffToken },
    );
    expect(asStaff.errors).toBeUndefined();
    const own = await portal.gql<{ clientsDepotVintages: { id: number }[] }>(
      print(ClientsDepotDocument),
      {},
      { token: clientToken },
    );
    expect(asStaff.data?.viewClientsDepotVintages.map((vintage) => vintage.id)).toEqual(
      own.data?.clientsDepotVintages.map((vintage) => vintage.id),
    );

    const unknown = await portal.gql(query, { clientsMail: 'niemand@example.com' }, { token: staffToken });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers the whole depot with a fixed number of SQL statements, however many positions', async () => {
    const smallId = await portal.createUser('klein@example.com');
    await addPositions(smallId, 2);
    await addPositions(await portal.createUser('gross@example.com'), 60);

    async function statementsFor(email: string): Promise<number> {
      const token = await tokenFor(email);
      portal.queries.length = 0;
      const answer = await portal.gql<{ clientsDepot: Position[] }>(CLIENTS_DEPOT, {}, { token });
      expect(answer.errors).toBeUndefined();
      return portal.queries.length;
    }
    const small = await statementsFor('klein@example.com');
    const large = await statementsFor('gross@example.com');
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(16);

    // The same for the PWA's normalised depot query (positions plus the vintages once).
    async function pwaStatementsFor(email: string): Promise<number> {
      const token = await tokenFor(email);
      portal.queries.length = 0;
      const answer = await portal.gql(print(ClientsDepotDocument), {}, { token });
      expect(answer.errors).toBeUndefined();
      return portal.queries.length;
    }
    const pwaSmall = await pwaStatementsFor('klein@example.com');
    expect(await pwaStatementsFor('gross@example.com')).toBe(pwaSmall);
    expect(pwaSmall).toBeLessThanOrEqual(16);
  });
});
