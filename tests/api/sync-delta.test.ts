/**
 * The delta sync (`syncChanges`): the first call lists everything the client may see, a
 * call with the cursor it got lists what was added, changed or deleted since — rows of the client
 * and catalogue rows, dependent rows counting as their entity's change, archived offers as deleted
 * — and an unchanged data set answers an empty delta. A client never receives another client's
 * rows. On Postgres: a transaction still running when the cursor was taken is reported once it
 * commits (a timestamp cursor would skip it).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncMessages } from '../../server/services/sync';
import { rowsOf } from './support/db-checksum';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const SYNC = `query ($cursor: String) {
  syncChanges(cursor: $cursor) { cursor full entities { entity changed deleted } }
}`;
const ADD = `mutation ($offerId: Int!, $amount: Int!) {
  createOrderPosition(offerId: $offerId, amount: $amount) { success errors { message } }
}`;
const REMOVE = `mutation ($id: Int!) {
  deleteOrderPosition(orderPositionId: $id) { success errors { message } }
}`;

interface EntityChanges {
  entity: string;
  changed: number[];
  deleted: number[];
}
interface Delta {
  cursor: string;
  full: boolean;
  entities: EntityChanges[];
}

/** The entity's changes, or empty lists when the answer does not name it. */
const of = (delta: Delta, entity: string): EntityChanges =>
  delta.entities.find((changes) => changes.entity === entity) ?? { entity, changed: [], deleted: [] };

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe.each(databaseTargets)('Delta-Synchronisation (%s)', (target) => {
  let portal: TestPortal;
  /** Anna Berger (depot, invoices, order list, adviser offer, sell orders) and Thomas Keller. */
  const client = { anna: { id: 0, token: '' }, thomas: { id: 0, token: '' } };

  const rows = <Row>(query: string) => rowsOf<Row>(portal.db, query);
  const idsOf = async (query: string) => sorted((await rows<{ id: number }>(query)).map((row) => row.id));

  async function sync(who: keyof typeof client, cursor: string | null): Promise<Delta> {
    const answer = await portal.gql<{ syncChanges: Delta }>(SYNC, { cursor }, { token: client[who].token });
    expect(answer.errors).toBeUndefined();
    if (!answer.data) throw new Error('Keine Antwort auf syncChanges');
    return answer.data.syncChanges;
  }

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    for (const [who, email] of [
      ['anna', 'kunde@example.com'],
      ['thomas', 'thomas.keller@example.com'],
    ] as const) {
      const login = await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD });
      const [user] = await rows<{ id: number }>(`select id from users where email = '${email}'`);
      client[who] = { id: user?.id ?? 0, token: login.data?.tokenAuth.token ?? '' };
      expect(client[who].token).not.toBe('');
    }
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('lists on the first sync everything the client may see, and nothing of another client', async () => {
    const first = await sync('anna', null);
    expect(first.full).toBe(true);
    const anna = client.anna.id;
    // The demo data give Anna rows of every owned entity: the comparisons below cannot pass empty.
    const own = {
      DEPOT_POSITION: await idsOf(`select id from depot_positions where owner_id = ${anna}`),
      INVOICE: await idsOf(`select id from invoices where user_id = ${anna}`),
      ORDER_POSITION: await idsOf(`select id from order_positions where user_id = ${anna}`),
      PREFERENCES_PROFILE: await idsOf(`select id from preferences_profiles where user_id = ${anna}`),
      SELL_ORDER: await idsOf(`select id from sell_orders where seller_id = ${anna}`),
      ACCOUNT: [anna],
    };
    for (const [entity, ids] of Object.entries(own)) {
      expect(ids.length, entity).toBeGreaterThan(0);
      expect(of(first, entity).changed, entity).toEqual(ids);
    }
    expect(of(first, 'OFFER').changed).toEqual(await idsOf('select id from offers where not archived'));
    expect(of(first, 'VINTAGE').changed).toEqual(await idsOf('select id from vintages'));
    expect(of(first, 'ACADEMY_VIDEO').changed.length).toBeGreaterThan(0);
    expect(first.entities.every((changes) => changes.deleted.length === 0)).toBe(true);

    const thomas = await sync('thomas', null);
    expect(of(thomas, 'ACCOUNT').changed).toEqual([client.thomas.id]);
    for (const entity of Object.keys(own).filter((name) => name !== 'ACCOUNT')) {
      const theirs = of(thomas, entity).changed;
      expect(
        theirs.filter((id) => own[entity as keyof typeof own].includes(id)),
        entity,
      ).toEqual([]);
    }
    // Catalogue data are the same for every client.
    expect(of(thomas, 'OFFER').changed).toEqual(of(first, 'OFFER').changed);
  });

  it('answers an empty delta when nothing changed', async () => {
    const { cursor } = await sync('anna', null);
    const again = await sync('anna', cursor);
    expect(again).toMatchObject({ full: false, entities: [] });
    // Nothing changed in between either: the next cursor continues just as well.
    expect((await sync('anna', again.cursor)).entities).toEqual([]);
  });

  it('reports the changes and deletions since the cursor, dependent rows as their entity', async () => {
    const annaStart = (await sync('anna', null)).cursor;
    const thomasStart = (await sync('thomas', null)).cursor;
    const anna = client.anna.id;

    // Anna adds an offer to her order list and removes a position that was there.
    const [offer] = await rows<{ id: number }>(
      `select o.id from offers o where not o.archived and not o.on_request and o.promote_offer
         and not exists (select 1 from order_positions p where p.offer_id = o.id and p.user_id = ${anna})
         and exists (select 1 from partial_offers t where t.offer_id = o.id and t.quantity_available > 0)
       order by o.id limit 1`,
    );
    const [removed] = await rows<{ id: number }>(
      `select id from order_positions where user_id = ${anna} order by id limit 1`,
    );
    if (!offer || !removed) throw new Error('Demo-Daten ohne Angebot oder Position');
    const added = await portal.gql(ADD, { offerId: offer.id, amount: 1 }, { token: client.anna.token });
    expect(added.errors).toBeUndefined();
    const deleted = await portal.gql(REMOVE, { id: removed.id }, { token: client.anna.token });
    expect(deleted.errors).toBeUndefined();
    const [newPosition] = await rows<{ id: number }>(
      `select id from order_positions where user_id = ${anna} and offer_id = ${offer.id}`,
    );

    // Staff archive an offer, a critic's rating changes and one is deleted, a depot position of
    // Anna gets a new status, her adviser offer a changed position, an invoice of hers a new date.
    const [archived] = await rows<{ id: number }>(
      `update offers set archived = true where id = (select id from offers where not archived and id <> ${offer.id} order by id desc limit 1) returning id`,
    );
    const [rated] = await rows<{ vintage_id: number }>(
      `update ratings set score = score where id = (select min(id) from ratings) returning vintage_id`,
    );
    const [unrated] = await rows<{ vintage_id: number }>(
      `delete from ratings where id = (select max(id) from ratings) returning vintage_id`,
    );
    const [status] = await rows<{ depot_position_id: number }>(
      `insert into depot_position_statuses (depot_position_id, status, datetime_status_update)
       select id, 'IN_BOND', now() from depot_positions where owner_id = ${anna} order by id limit 1
       returning depot_position_id`,
    );
    const [recommended] = await rows<{ profile_id: number }>(
      `update recommended_positions set amount = amount + 1 where id = (
         select r.id from recommended_positions r join preferences_profiles p on p.id = r.profile_id
         where p.user_id = ${anna} order by r.id limit 1) returning profile_id`,
    );
    const [invoice] = await rows<{ id: number }>(
      `update invoices set invoice_date = invoice_date where id = (select min(id) from invoices where user_id = ${anna}) returning id`,
    );
    if (!archived || !rated || !unrated || !status || !recommended || !invoice || !newPosition) {
      throw new Error('Demo-Daten ohne die geänderten Zeilen');
    }

    const delta = await sync('anna', annaStart);
    expect(delta.full).toBe(false);
    expect(of(delta, 'ORDER_POSITION')).toMatchObject({ changed: [newPosition.id], deleted: [removed.id] });
    expect(of(delta, 'OFFER').deleted).toEqual([archived.id]);
    expect(of(delta, 'OFFER').changed).not.toContain(archived.id);
    expect(of(delta, 'VINTAGE').changed).toEqual(
      sorted([...new Set([rated.vintage_id, unrated.vintage_id])]),
    );
    expect(of(delta, 'DEPOT_POSITION').changed).toEqual([status.depot_position_id]);
    expect(of(delta, 'PREFERENCES_PROFILE').changed).toEqual([recommended.profile_id]);
    expect(of(delta, 'INVOICE').changed).toEqual([invoice.id]);
    expect(of(delta, 'WINERY')).toEqual({ entity: 'WINERY', changed: [], deleted: [] });

    // Thomas sees the catalogue changes and none of Anna's.
    const theirs = await sync('thomas', thomasStart);
    expect(of(theirs, 'OFFER').deleted).toEqual([archived.id]);
    expect(of(theirs, 'VINTAGE').changed).toEqual(of(delta, 'VINTAGE').changed);
    for (const entity of ['ORDER_POSITION', 'DEPOT_POSITION', 'PREFERENCES_PROFILE', 'INVOICE', 'ACCOUNT']) {
      expect(of(theirs, entity), entity).toEqual({ entity, changed: [], deleted: [] });
    }

    // Once reported, the changes are not reported again.
    expect((await sync('anna', delta.cursor)).entities).toEqual([]);
  });

  it('tells the previous owner that a row left it and the new owner that it arrived', async () => {
    const annaStart = (await sync('anna', null)).cursor;
    const thomasStart = (await sync('thomas', null)).cursor;
    const [moved] = await rows<{ id: number }>(
      `update depot_positions set owner_id = ${client.thomas.id}
       where id = (select max(id) from depot_positions where owner_id = ${client.anna.id}) returning id`,
    );
    if (!moved) throw new Error('Anna hat keine Depotposition');
    try {
      expect(of(await sync('anna', annaStart), 'DEPOT_POSITION')).toEqual({
        entity: 'DEPOT_POSITION',
        changed: [],
        deleted: [moved.id],
      });
      expect(of(await sync('thomas', thomasStart), 'DEPOT_POSITION')).toEqual({
        entity: 'DEPOT_POSITION',
        changed: [moved.id],
        deleted: [],
      });
    } finally {
      await rows(`update depot_positions set owner_id = ${client.anna.id} where id = ${moved.id}`);
    }
  });

  it('refuses a malformed cursor in German and answers a cursor it cannot continue with everything', async () => {
    for (const cursor of ['morgen', '5:3:', '3:9:12', '0:5:', `1:${'9'.repeat(25)}:`]) {
      const answer = await portal.gql(SYNC, { cursor }, { token: client.anna.token });
      expect(answer.errors?.[0], cursor).toMatchObject({
        message: syncMessages.badCursor,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    // A cursor from another (newer) database: the answer lists everything instead of hiding rows.
    const future = await sync('anna', '9000000000:9000000000:');
    expect(future.full).toBe(true);
    expect(of(future, 'DEPOT_POSITION').changed.length).toBeGreaterThan(0);
    expect(portal.unexpectedErrors).toEqual([]);
  });

  if (target === 'postgres') {
    // PGlite runs one transaction at a time, so there a transaction cannot overlap a sync.
    it('reports a transaction that was still running when the cursor was taken', async () => {
      const start = (await sync('anna', null)).cursor;
      const other = new pg.Client({ connectionString: portal.config.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        const written = await other.query<{ id: number }>(
          `update order_positions set amount = amount + 1
           where id = (select min(id) from order_positions where user_id = $1) returning id`,
          [client.anna.id],
        );
        // A later transaction commits first: the snapshot of the next sync then lists the open one
        // as running below its upper bound (a rule "transaction ids from the last upper bound on",
        // or a timestamp cursor, would skip it).
        await rows('update blog_posts set title = title where id = (select min(id) from blog_posts)');
        // The sync runs while the transaction is open: it cannot see the change yet.
        const during = await sync('anna', start);
        expect(of(during, 'ORDER_POSITION').changed).toEqual([]);
        await other.query('commit');
        const after = await sync('anna', during.cursor);
        expect(of(after, 'ORDER_POSITION').changed).toEqual([written.rows[0]?.id]);
      } finally {
        await other.end();
      }
    });
  }
});
