/**
 * B's sell orders, settlement, value and invoices stay out of A's reach (Zweitmarkt, value,
 * cancel), and certificates and payment pages answer only whoever holds their unguessable token.
 */
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerPortalSessionDocument } from '../../src/api/graphql.generated';
import { authzJourney, authzOperation, type ClientB, topCodes } from './support/authz-matrix-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const CREATE_SELL_ORDER = authzOperation('CreateSellOrder');
const CANCEL_SELL_ORDER = authzOperation('CancelSellOrder');
const MARK_PAYMENT_THANKS_SEEN = authzOperation('MarkPaymentThanksSeen');
const APPROVE_SELL_ORDER = authzOperation('ApproveSellOrder');
const REJECT_SELL_ORDER = authzOperation('RejectSellOrder');
const CHANGE_INVOICE = authzOperation('ChangeInvoice');
const ALL_SELL_ORDERS = authzOperation('AllSellOrders');
const MY_SELL_ORDERS = authzOperation('MySellOrders');
const DEPOT_PERFORMANCE = authzOperation('DepotPerformance');
const STRIPE_CUSTOMER_PORTAL_SESSION = print(CustomerPortalSessionDocument);

describe.each(databaseTargets)('Berechtigungsmatrix: Zweitmarkt und Token-Seiten (%s)', (target) => {
  const journey = authzJourney(target);
  const { call, clientBFingerprint, leaksOfB, tokens, rows } = journey;
  let portal: TestPortal;
  let b: ClientB;
  beforeAll(() => {
    ({ portal, b } = journey);
  });

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
      [CREATE_SELL_ORDER, { id: inBond?.id }],
      [CANCEL_SELL_ORDER, { id: sellOrderId }],
      [MARK_PAYMENT_THANKS_SEEN, { id: openInvoice?.id }],
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
      [APPROVE_SELL_ORDER, { id: sellOrderId }],
      [REJECT_SELL_ORDER, { id: sellOrderId }],
      [CHANGE_INVOICE, { id: openInvoice?.id }],
      [ALL_SELL_ORDERS, {}],
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
    const mine = await call('clientA', MY_SELL_ORDERS, {});
    expect(mine.errors ?? []).toEqual([]);
    expect(leaksOfB(mine)).toEqual([]);
    const performance = DEPOT_PERFORMANCE;
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
    const session = await call('clientA', STRIPE_CUSTOMER_PORTAL_SESSION, {});
    const portalSession = session.data?.stripeCustomerPortalSession as { sessionUrl: string } | undefined;
    const url = new URL(portalSession?.sessionUrl ?? 'http://portal.test/missing');
    const portalPage = await portal.app.inject({ method: 'GET', url: url.pathname });
    expect(portalPage.statusCode).toBe(200);
    expect(b.identifying.filter((value) => portalPage.body.includes(value))).toEqual([]);
  });
});
