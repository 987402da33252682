/**
 * The set-up of the `authz-*.test.ts` files: the access policy against the schema, a seeded portal
 * per file and database with client A (Thomas Keller), client B (the demo client) and staff signed
 * in, B's rows and identifying values, and callers that send an operation as a role and look for a
 * leak of B's data or a change of the database.
 */
import { type GraphQLField, getNamedType } from 'graphql';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Access, accessPolicy } from '../../../server/graphql/access';
import { changedTables, databaseChecksum, rowsOf, writeMarker } from './db-checksum';
import { apiOperations } from './documents';
import type { DatabaseTarget } from './harness';
import { type GraphQLAnswer, startTestPortal, type TestPortal } from './harness';
import { type ArgumentChooser, callOf, loadSchema, type RootKind, rootFields } from './schema-operations';

export const authzOperation = apiOperations('authz-matrix');
const TOKEN_AUTH = authzOperation('TokenAuth');

export const schema = loadSchema();

export const policy: Record<RootKind, Record<string, Access>> = accessPolicy;

export type Role = 'visitor' | 'clientA' | 'clientB' | 'staff';

export const PASSWORD = 'Weindepot2026!';

export const accounts = {
  clientA: 'thomas.keller@example.com',
  clientB: 'kunde@example.com',
  staff: 'berater@example.com',
} as const;

export const fieldsOf = (kind: RootKind, access?: Access) =>
  rootFields(schema, kind).filter((field) => access === undefined || policy[kind][field.name] === access);

export const everyField = (['Query', 'Mutation'] as const).flatMap((kind) =>
  rootFields(schema, kind).map((field) => ({ kind, field })),
);

/** Client B's rows and the values that identify B. */
export interface ClientB {
  userId: number;
  /** The server-side session of B's token (what `endSession` would end). */
  sessionId: string;
  email: string;
  invoiceIds: number[];
  orderPositionIds: number[];
  depotPositionIds: number[];
  profileIds: number[];
  /** Proposal uids: WIZARD, adviser offer (MANUALLY), archived adviser offer. */
  profileUids: string[];
  manualUid: string;
  storageIds: string[];
  /** B's sell orders (Zweitmarkt), an open (cancellable) one first. */
  sellOrderIds: number[];
  /** Settlement PDF tokens of B's sold orders. */
  settlementTokens: string[];
  /** Strings that must never appear in an answer to client A. */
  identifying: string[];
}

export const topCodes = (answer: GraphQLAnswer) =>
  (answer.errors ?? []).map((error) => error.extensions?.code);

/** A seeded portal with clients A and B and staff signed in, and B's rows. */
export function authzJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  const tokens: Partial<Record<Role, string>> = {};
  let b: ClientB;

  const rows = <Row>(query: string) => rowsOf<Row>(portal.db, query);

  /** Signs `role` in (again, after a `logout` ended its session). */
  async function signIn(role: Exclude<Role, 'visitor'>) {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, {
      email: accounts[role],
      password: PASSWORD,
    });
    tokens[role] = answer.data?.tokenAuth.token;
    expect(tokens[role]).toBeTruthy();
  }

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    for (const role of ['clientA', 'clientB', 'staff'] as const) await signIn(role);
    const [user] = await rows<{
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      phone: string;
      street_and_number: string;
    }>(
      `select id, email, first_name, last_name, phone, street_and_number from users where email = '${accounts.clientB}'`,
    );
    if (!user) throw new Error('Demo-Kundin fehlt');
    const invoices = await rows<{
      id: number;
      invoice_number: string | null;
      token: string;
      provider_invoice_id: string | null;
    }>(
      `select id, invoice_number, invoice_pdf_view_permission_token as token, provider_invoice_id from invoices where user_id = ${user.id}`,
    );
    const orderPositions = await rows<{ id: number }>(
      `select id from order_positions where user_id = ${user.id}`,
    );
    const depot = await rows<{ id: number; storage_id: string | null }>(
      `select id, storage_id from depot_positions where owner_id = ${user.id}`,
    );
    const profiles = await rows<{ id: number; uid: string; source: string; archived: boolean }>(
      `select id, uid, source, archived from preferences_profiles where user_id = ${user.id} order by id`,
    );
    const sellOrders = await rows<{ id: number; settlement_token: string | null }>(
      `select id, settlement_token from sell_orders where seller_id = ${user.id}
       order by (status in ('REQUESTED', 'LISTED')) desc, id`,
    );
    const manual = profiles.find((profile) => profile.source === 'MANUALLY' && !profile.archived);
    // The demo data gives B everything the isolation test needs; a thinner seed would make it pass vacuously.
    expect(invoices.length).toBeGreaterThan(0);
    expect(orderPositions.length).toBeGreaterThan(0);
    expect(depot.length).toBeGreaterThan(0);
    expect(manual).toBeDefined();
    expect(sellOrders.length).toBeGreaterThan(0);
    expect(sellOrders.some((order) => order.settlement_token)).toBe(true);
    b = {
      userId: user.id,
      sessionId: String(decodeJwt(tokens.clientB ?? '').sid),
      email: user.email,
      invoiceIds: invoices.map((invoice) => invoice.id),
      orderPositionIds: orderPositions.map((position) => position.id),
      depotPositionIds: depot.map((position) => position.id),
      profileIds: profiles.map((profile) => profile.id),
      profileUids: profiles.map((profile) => profile.uid),
      manualUid: manual?.uid ?? '',
      storageIds: depot.flatMap((position) => (position.storage_id ? [position.storage_id] : [])),
      sellOrderIds: sellOrders.map((order) => order.id),
      settlementTokens: sellOrders.flatMap((order) =>
        order.settlement_token ? [order.settlement_token] : [],
      ),
      identifying: [
        user.email,
        `${user.first_name} ${user.last_name}`,
        user.phone,
        user.street_and_number,
        ...invoices.flatMap((invoice) => [
          invoice.invoice_number,
          invoice.token,
          invoice.provider_invoice_id,
        ]),
        ...profiles.map((profile) => profile.uid),
        ...sellOrders.map((order) => order.settlement_token),
      ].filter((value): value is string => Boolean(value)),
    };
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  async function call(role: Role, query: string, variables: Record<string, unknown>) {
    return portal.gql(query, variables, { token: tokens[role] });
  }

  /** Asserts a call changed nothing (bookkeeping such as rate-limit counters aside). */
  async function expectUnchanged(action: () => Promise<GraphQLAnswer>, label: string) {
    const before = await databaseChecksum(portal.db);
    const marker = await writeMarker(portal.db);
    const answer = await action();
    if ((await writeMarker(portal.db)) !== marker) {
      expect(changedTables(before, await databaseChecksum(portal.db)), `${label} hat Daten geändert`).toEqual(
        [],
      );
    }
    return answer;
  }

  /** A fingerprint of every row that belongs to client B. */
  async function clientBFingerprint(): Promise<string> {
    const owned = await rows<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and column_name in ('user_id', 'owner_id') order by table_name`,
    );
    const parts = [
      `select 'users', coalesce(sum(hashtextextended(t::text, 0)), 0)::text from users t where id = ${b.userId}`,
      ...owned.map(
        ({ table_name, column_name }) =>
          `select '${table_name}', coalesce(sum(hashtextextended(t::text, 0)), 0)::text from "${table_name}" t where "${column_name}" = ${b.userId}`,
      ),
      `select 'invoice_positions', coalesce(sum(hashtextextended(t::text, 0)), 0)::text from invoice_positions t where invoice_id in (select id from invoices where user_id = ${b.userId})`,
      `select 'recommended_positions', coalesce(sum(hashtextextended(t::text, 0)), 0)::text from recommended_positions t where profile_id in (select id from preferences_profiles where user_id = ${b.userId})`,
      `select 'sell_orders', coalesce(sum(hashtextextended(t::text, 0)), 0)::text from sell_orders t where seller_id = ${b.userId}`,
      `select 'depot_position_statuses', coalesce(sum(hashtextextended(t::text, 0)), 0)::text from depot_position_statuses t where depot_position_id in (select id from depot_positions where owner_id = ${b.userId})`,
    ];
    return JSON.stringify(await rows(parts.join(' union all ')));
  }

  /** Values aimed at client B's rows, by argument name. */
  const targetingB: ArgumentChooser = (name, type) => {
    const named = getNamedType(type).name;
    if (named === 'Int') {
      if (/invoice/i.test(name)) return b.invoiceIds[0];
      if (/orderPosition/i.test(name)) return b.orderPositionIds[0];
      if (/depot/i.test(name)) return b.depotPositionIds[0];
      if (/sellOrder/i.test(name)) return b.sellOrderIds[0];
      if (/profile|quote/i.test(name)) return b.profileIds[0];
    }
    if (named === 'ID' && name === 'id') return b.sessionId;
    if (named === 'String') {
      if (/^uid$|uuid/i.test(name)) return b.manualUid;
      if (/mail/i.test(name)) return b.email;
    }
    return undefined;
  };

  /** Every piece of client B's data that shows up in an answer to client A. */
  function leaksOfB(answer: unknown): string[] {
    const text = JSON.stringify(answer);
    const found = b.identifying.filter((value) => text.includes(value));
    const ownedIds: Record<string, number[]> = {
      User: [b.userId],
      Invoice: b.invoiceIds,
      OrderPosition: b.orderPositionIds,
      DepotPosition: b.depotPositionIds,
      PreferencesProfile: b.profileIds,
      SellOrder: b.sellOrderIds,
    };
    const walk = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      const typename = record.__typename;
      if (
        typeof typename === 'string' &&
        typeof record.id === 'number' &&
        ownedIds[typename]?.includes(record.id)
      ) {
        found.push(`${typename} ${record.id}`);
      }
      if (typeof record.storageId === 'string' && b.storageIds.includes(record.storageId)) {
        found.push(`storageId ${record.storageId}`);
      }
      Object.values(record).forEach(walk);
    };
    walk(answer);
    return found;
  }

  /** Calls a root field with a nested selection, falling back to a flatter one when it is too complex. */
  async function callWithDeepestSelection(
    role: Role,
    kind: RootKind,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
  ) {
    let answer: GraphQLAnswer | undefined;
    for (const depth of [3, 2, 1, 0]) {
      const { query, variables } = callOf(kind, field, args, depth);
      answer = await call(role, query, variables);
      if (!topCodes(answer).includes('QUERY_TOO_COMPLEX')) return answer;
    }
    return answer as GraphQLAnswer;
  }

  return {
    get portal() {
      return portal;
    },
    get b() {
      return b;
    },
    call,
    signIn,
    expectUnchanged,
    clientBFingerprint,
    leaksOfB,
    callWithDeepestSelection,
    tokens,
    rows,
    targetingB,
  };
}
