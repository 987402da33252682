/**
 * The authorization matrix: every Query and Mutation field of the schema (enumerated from the schema,
 * so a new operation is covered without touching this file) called as a visitor, client A, client B
 * and staff, with the role each may use taken from `accessPolicy`. Then data isolation: client A
 * (Thomas Keller) asks everything a client can ask, with the ids of client B (Anna Berger: depot,
 * paid invoices, order list, investor profile, adviser offer, sell orders and settlement), and never
 * receives or changes B's data. The loops make dozens of calls each: two minutes per test, for busy machines.
 */
import { type GraphQLField, type GraphQLInputType, getNamedType, Kind, typeFromAST } from 'graphql';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, accessPolicy } from '../../server/graphql/access';
import { changedTables, databaseChecksum, rowsOf, writeMarker } from './support/db-checksum';
import { databaseTargets, type GraphQLAnswer, startTestPortal, type TestPortal } from './support/harness';
import { pwaOperations } from './support/pwa-operations';
import {
  type ArgumentChooser,
  callOf,
  loadSchema,
  minimalValue,
  type RootKind,
  requiredArguments,
  rootFields,
} from './support/schema-operations';

const schema = loadSchema();
const policy: Record<RootKind, Record<string, Access>> = accessPolicy;
type Role = 'visitor' | 'clientA' | 'clientB' | 'staff';
const PASSWORD = 'Weindepot2026!';
const accounts = {
  clientA: 'thomas.keller@example.com',
  clientB: 'kunde@example.com',
  staff: 'berater@example.com',
} as const;

const fieldsOf = (kind: RootKind, access?: Access) =>
  rootFields(schema, kind).filter((field) => access === undefined || policy[kind][field.name] === access);
const everyField = (['Query', 'Mutation'] as const).flatMap((kind) =>
  rootFields(schema, kind).map((field) => ({ kind, field })),
);

/** Client B's rows and the values that identify B. */
interface ClientB {
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

const topCodes = (answer: GraphQLAnswer) => (answer.errors ?? []).map((error) => error.extensions?.code);

describe.each(databaseTargets)('Berechtigungsmatrix (%s)', (target) => {
  let portal: TestPortal;
  const tokens: Partial<Record<Role, string>> = {};
  let b: ClientB;

  const rows = <Row>(query: string) => rowsOf<Row>(portal.db, query);

  async function signIn(role: Exclude<Role, 'visitor'>) {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
      { email: accounts[role], password: PASSWORD },
    );
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

  it('names every root field of the schema in the access policy, and nothing else', () => {
    for (const kind of ['Query', 'Mutation'] as const) {
      expect(Object.keys(policy[kind]).sort()).toEqual(
        rootFields(schema, kind)
          .map((field) => field.name)
          .sort(),
      );
    }
  });

  it('refuses staff operations to visitors (UNAUTHENTICATED) and clients (FORBIDDEN), changing nothing', async () => {
    const staffFields = everyField.filter(({ kind, field }) => policy[kind][field.name] === 'staff');
    expect(staffFields.length).toBeGreaterThan(0);
    for (const { kind, field } of staffFields) {
      for (const [role, code] of [
        ['visitor', 'UNAUTHENTICATED'],
        ['clientA', 'FORBIDDEN'],
        ['clientB', 'FORBIDDEN'],
      ] as const) {
        const { query, variables } = callOf(kind, field, requiredArguments(field, targetingB));
        const answer = await expectUnchanged(
          () => call(role, query, variables),
          `${kind}.${field.name} als ${role}`,
        );
        expect(answer.status, `${kind}.${field.name} als ${role}`).toBeLessThan(500);
        expect(topCodes(answer), `${kind}.${field.name} als ${role}`).toContain(code);
        expect(JSON.stringify(answer.data ?? null), `${kind}.${field.name} als ${role}`).not.toContain(
          b.email,
        );
      }
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('refuses client operations to visitors (UNAUTHENTICATED), changing nothing', async () => {
    const clientFields = everyField.filter(({ kind, field }) => policy[kind][field.name] === 'client');
    expect(clientFields.length).toBeGreaterThan(0);
    for (const { kind, field } of clientFields) {
      const { query, variables } = callOf(kind, field, requiredArguments(field, targetingB));
      const answer = await expectUnchanged(() => call('visitor', query, variables), `${kind}.${field.name}`);
      expect(answer.status, `${kind}.${field.name}`).toBeLessThan(500);
      expect(topCodes(answer), `${kind}.${field.name}`).toContain('UNAUTHENTICATED');
      expect(leaksOfB(answer.data), `${kind}.${field.name}`).toEqual([]);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('finds B’s data in B’s own answers (the leak check below would see a leak)', async () => {
    for (const name of [
      'me',
      'clientsDepot',
      'clientsInvoices',
      'orderPositionList',
      'getInvoiceById',
      'mySellOrders',
    ]) {
      const field = rootFields(schema, 'Query').find((candidate) => candidate.name === name);
      if (!field) throw new Error(`Query.${name} fehlt im Schema`);
      const answer = await callWithDeepestSelection(
        'clientB',
        'Query',
        field,
        requiredArguments(field, targetingB),
      );
      expect(leaksOfB(answer).length, `Query.${name}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('gives client A none of client B’s data for any query a client may call, aimed at B’s ids', async () => {
    const readable = fieldsOf('Query').filter((field) => policy.Query[field.name] !== 'staff');
    for (const field of readable) {
      // Proposal pages are public by uid (spec 6): B's uid is a capability A never learns (checked below).
      const aimsAtProposal = field.args.some((arg) => arg.name === 'uid');
      const args = requiredArguments(field, aimsAtProposal ? undefined : targetingB);
      for (const arg of field.args) {
        if (!(arg.name in args) && !aimsAtProposal) {
          const aimed = targetingB(arg.name, arg.type);
          if (aimed !== undefined) args[arg.name] = aimed;
        }
      }
      const answer = await callWithDeepestSelection('clientA', 'Query', field, args);
      expect(answer.status, `Query.${field.name}`).toBeLessThan(500);
      expect(leaksOfB(answer), `Query.${field.name}`).toEqual([]);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('gives client A none of client B’s data through the PWA’s own queries, with B’s ids as variables', async () => {
    const operations = pwaOperations().filter((operation) => operation.kind === 'query');
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const variables: Record<string, unknown> = {};
      for (const definition of operation.node.variableDefinitions ?? []) {
        const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
        if (!type) continue;
        const name = definition.variable.name.value;
        const aimed = name === 'uid' ? undefined : targetingB(name, type);
        if (aimed !== undefined || definition.type.kind === Kind.NON_NULL_TYPE) {
          variables[name] = aimed ?? minimalValue(type, undefined, name);
        }
      }
      const answer = await call('clientA', operation.text, variables);
      expect(answer.status, operation.name).toBeLessThan(500);
      expect(leaksOfB(answer), operation.name).toEqual([]);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('shows a proposal by its uid without B’s contact data, and never B’s profile without the uid', async () => {
    const proposal = await call(
      'clientA',
      'query ($uid: String) { getLatestPreferencesProfile(uid: $uid) { id uid name source } }',
      { uid: b.manualUid },
    );
    // Whoever holds the link sees the offer addressed to B (spec 6), but no address, e-mail or phone.
    expect(proposal.data?.getLatestPreferencesProfile).toMatchObject({ uid: b.manualUid });
    expect(JSON.stringify(proposal)).not.toContain(b.email);
    for (const source of ['WIZARD', 'MANUALLY']) {
      const own = await call(
        'clientA',
        'query ($source: ProfileSource) { getLatestPreferencesProfile(source: $source) { id uid } }',
        { source },
      );
      expect(leaksOfB(own), source).toEqual([]);
    }
    const visitor = await call('visitor', '{ getLatestPreferencesProfile { id uid } }', {});
    expect(visitor.data?.getLatestPreferencesProfile).toBeNull();
  });

  it('lets client A change none of client B’s data through any client or public mutation aimed at B’s ids', async () => {
    const before = await clientBFingerprint();
    for (const field of fieldsOf('Mutation')) {
      const access = policy.Mutation[field.name];
      if (access === 'staff') continue;
      // Public mutations take B's uid by design (accepting terms on a shared proposal): they get neutral values.
      const args = requiredArguments(field, access === 'client' ? targetingB : undefined);
      const answer = await callWithDeepestSelection('clientA', 'Mutation', field, args);
      expect(answer.status, `Mutation.${field.name}`).toBeLessThan(500);
      expect(leaksOfB(answer), `Mutation.${field.name}`).toEqual([]);
      expect(await clientBFingerprint(), `Mutation.${field.name}`).toBe(before);
      // A's logout ended A's own session; the mutations after it are tried with a fresh one.
      if (field.name === 'logout') await signIn('clientA');
    }
    // B's session, aimed at by `endSession` and `endOtherSessions`, still answers B.
    const own = await call('clientB', '{ me { email } }', {});
    expect(own.data?.me).toEqual({ email: b.email });
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('keeps B’s sell orders, settlement, value and invoices out of A’s reach (Zweitmarkt, value, cancel)', async () => {
    const before = await clientBFingerprint();
    const [inBond] = await rows<{ id: number }>(
      `select p.id from depot_positions p where p.owner_id = ${b.userId} and p.sell_order_id is null
       and (select s.status from depot_position_statuses s where s.depot_position_id = p.id
            order by s.datetime_status_update desc, s.id desc limit 1) = 'IN_BOND' order by p.id limit 1`,
    );
    const [openOrder] = await rows<{ id: number }>(
      `select id from sell_orders where seller_id = ${b.userId} and status in ('REQUESTED', 'LISTED') order by id limit 1`,
    );
    const [openInvoice] = await rows<{ id: number }>(
      `select id from invoices where user_id = ${b.userId} order by (stage <> 'PAID') desc, id limit 1`,
    );
    // The seed gives B each target; without them these checks would pass vacuously.
    expect(inBond).toBeDefined();
    expect(openOrder).toBeDefined();
    expect(openInvoice).toBeDefined();
    const sellOrderId = openOrder?.id ?? 0;
    const refusedToA: [string, Record<string, unknown>][] = [
      [
        'mutation ($id: Int!) { createSellOrder(depotPositionId: $id, cases: 1, askPriceBtl: "10.00") { success errors { message } sellOrder { id } } }',
        { id: inBond?.id },
      ],
      [
        'mutation ($id: Int!) { cancelSellOrder(sellOrderId: $id) { success errors { message } sellOrder { id status } } }',
        { id: sellOrderId },
      ],
      ['mutation ($id: Int!) { markPaymentThanksSeen(invoiceId: $id) { success } }', { id: openInvoice?.id }],
    ];
    for (const [query, variables] of refusedToA) {
      const answer = await call('clientA', query, variables);
      expect(answer.status, query).toBeLessThan(500);
      const result = Object.values(answer.data ?? {})[0] as { success?: boolean } | null | undefined;
      expect(result?.success ?? false, query).toBe(false);
      expect(leaksOfB(answer), query).toEqual([]);
      expect(await clientBFingerprint(), query).toBe(before);
    }
    // Staff operations on B's order and invoice: refused to visitors and both clients (B included).
    const staffOnly: [string, Record<string, unknown>][] = [
      ['mutation ($id: Int!) { approveSellOrder(sellOrderId: $id) { success } }', { id: sellOrderId }],
      [
        'mutation ($id: Int!) { rejectSellOrder(sellOrderId: $id, reason: "Test") { success } }',
        { id: sellOrderId },
      ],
      [
        'mutation ($id: Int!) { changeInvoice(invoiceId: $id, stage: CANCELLED, reason: "Test") { success } }',
        { id: openInvoice?.id },
      ],
      ['{ allSellOrders { id status } }', {}],
    ];
    for (const [query, variables] of staffOnly) {
      for (const [role, code] of [
        ['visitor', 'UNAUTHENTICATED'],
        ['clientA', 'FORBIDDEN'],
        ['clientB', 'FORBIDDEN'],
      ] as const) {
        const answer = await call(role, query, variables);
        expect(answer.status, `${query} als ${role}`).toBeLessThan(500);
        expect(topCodes(answer), `${query} als ${role}`).toContain(code);
        expect(answer.data ?? null, `${query} als ${role}`).toBeNull();
      }
      expect(await clientBFingerprint(), query).toBe(before);
    }
    // A's own lists and value never include B's: B's address is ignored for a client.
    const mine = await call('clientA', '{ mySellOrders { __typename id status settlementPdfUrl } }', {});
    expect(mine.errors ?? []).toEqual([]);
    expect(leaksOfB(mine)).toEqual([]);
    const performance =
      'query ($mail: String) { depotPerformance(clientsMail: $mail) { marketValue invested soldPositions points { date marketValue } } }';
    const own = await call('clientA', performance, {});
    const aimed = await call('clientA', performance, { mail: b.email });
    const ofB = await call('clientB', performance, {});
    expect(own.errors ?? []).toEqual([]);
    if (!aimed.errors?.length) expect(aimed.data).toEqual(own.data);
    expect(ofB.data).not.toEqual(own.data);
    // B's settlement PDF opens for the token's holder only; near guesses do not.
    const [token] = b.settlementTokens;
    const settlement = await portal.app.inject({ method: 'GET', url: `/settlement/${token}` });
    expect(settlement.statusCode).toBe(200);
    for (const guess of [
      token?.slice(0, -1),
      `${token?.slice(0, -1)}${token?.endsWith('A') ? 'B' : 'A'}`,
      String(b.sellOrderIds[0]),
    ]) {
      const answer = await portal.app.inject({
        method: 'GET',
        url: `/settlement/${guess}`,
        headers: { authorization: `JWT ${tokens.clientA}` },
      });
      expect(answer.statusCode, guess).toBe(404);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('keeps certificates and payment pages to whoever holds their unguessable token', async () => {
    const [paid] = await rows<{ token: string; invoice_number: string; id: number }>(
      `select invoice_pdf_view_permission_token as token, invoice_number, id from invoices
       where user_id = ${b.userId} and stage = 'PAID' order by id limit 1`,
    );
    if (!paid) throw new Error('Die Demo-Kundin hat keine bezahlte Rechnung');
    // The token is a capability (like a share link): the PDF answers its holder, with or without a session.
    for (const token of [undefined, tokens.clientA]) {
      const certificate = await portal.app.inject({
        method: 'GET',
        url: `/certificate/${paid.token}`,
        headers: token ? { authorization: `JWT ${token}` } : {},
      });
      expect(certificate.statusCode).toBe(200);
      expect(certificate.headers['content-type']).toContain('application/pdf');
      // The browser's PDF viewer needs no CSP beyond the framing rule (a full policy can block it).
      expect(certificate.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    }
    // Nothing client A knows or can guess about B's invoice opens it.
    const guesses = [
      String(paid.id),
      paid.invoice_number,
      paid.token.slice(0, -1),
      `${paid.token.slice(0, -1)}${paid.token.endsWith('A') ? 'B' : 'A'}`,
      paid.token.toLowerCase(),
      encodeURIComponent(`${paid.token}' or '1'='1`),
    ];
    for (const guess of guesses) {
      for (const url of [`/certificate/${guess}`, `/invoices/${guess}.pdf`, `/pay/${guess}`]) {
        const answer = await portal.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `JWT ${tokens.clientA}` },
        });
        expect(answer.statusCode, url).toBe(404);
      }
    }
    // A's billing portal lists A's invoices only.
    const session = await call('clientA', '{ stripeCustomerPortalSession { sessionUrl } }', {});
    const portalSession = session.data?.stripeCustomerPortalSession as { sessionUrl: string } | undefined;
    const url = new URL(portalSession?.sessionUrl ?? 'http://portal.test/missing');
    const portalPage = await portal.app.inject({ method: 'GET', url: url.pathname });
    expect(portalPage.statusCode).toBe(200);
    expect(b.identifying.filter((value) => portalPage.body.includes(value))).toEqual([]);
  });

  it('lets each role call its own operations without refusal by role or server error', async () => {
    const allowed: Record<Role, Access[]> = {
      visitor: ['public'],
      clientA: ['public', 'client'],
      clientB: ['public', 'client'],
      staff: ['public', 'client', 'staff'],
    };
    for (const role of ['visitor', 'clientA', 'clientB', 'staff'] as const) {
      for (const { kind, field } of everyField) {
        const access = policy[kind][field.name] as Access;
        if (!allowed[role].includes(access)) continue;
        const { query, variables } = callOf(kind, field, requiredArguments(field));
        const answer = await call(role, query, variables);
        const label = `${kind}.${field.name} als ${role}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(topCodes(answer), label).not.toContain('FORBIDDEN');
        if (access !== 'public') expect(topCodes(answer), label).not.toContain('UNAUTHENTICATED');
        // The logout ended the role's session: the operations after it are called with a fresh one.
        if (field.name === 'logout' && role !== 'visitor') await signIn(role);
      }
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);
});
