/**
 * Zweitmarkt: a client offers cases from the depot, staff list them, other clients buy
 * them through the ordinary order list and payment, and the seller is settled. Every journey uses
 * fresh accounts whose IN_BOND positions come from a real checkout plus staff recording the MRN.
 */

import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/company';
import {
  auditLog,
  depotPositions,
  invoices,
  outbox,
  partialOffers,
  pushSubscriptions,
  storageCertificates,
} from '../../server/db/schema';
import { scalarMessages } from '../../server/graphql/scalars';
import {
  ClientsDepotDocument,
  type ClientsDepotQuery,
  ViewClientsDepotDocument,
  type ViewClientsDepotQuery,
} from '../../src/api/graphql.generated';
import { sellTexts } from '../../src/domain/secondary-market';
import { joinDepot } from '../../src/features/depot/api/depot';
import {
  depotPositionCountLabel,
  heldRows,
  soldRows,
  toDepotRows,
} from '../../src/features/depot/model/depot-rows';
import { depotWorkbook } from '../../src/features/depot/ui/excel-export';
import { clientWithAddress } from './support/clients';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { archivalFindings, pdfText } from './support/pdf-text';
import { resaleTestOffer } from './support/stocked-offers';

const PASSWORD = 'Weindepot2026!';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CREATE = `mutation ($offerId: Int!, $amount: Int!) {
  createOrderPosition(offerId: $offerId, amount: $amount) { success errors { message code } }
}`;
const CREATE_INVOICE = `mutation { createInvoice { success errors { message code } invoice { id } } }`;
const CHANGE_INVOICE = `mutation ($id: Int!) {
  changeInvoice(invoiceId: $id, stage: CHECK_DONE) { success errors { message code } invoice { stage } }
}`;
const FINALIZE = `mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success errors { message code } hostedInvoiceUrl } }`;
const MRN = `mutation ($id: Int!, $mrn: String) {
  updateAssetUnderManagement(depotPositionId: $id, newMrn: $mrn) { success errors { message } asset { currentStatus } }
}`;
const DEPOT = `query {
  clientsDepot {
    id amount storageId buyPriceBtl currentStatus marketValueBtl
    depotPositionStatusRel { status }
    sellOrder { id status askPriceBtl proceedsNet }
    vintage { id }
  }
}`;
const SELL = `mutation ($id: Int!, $cases: Int!, $price: Decimal!) {
  createSellOrder(depotPositionId: $id, cases: $cases, askPriceBtl: $price) {
    success errors { message code field }
    sellOrder { id status cases askPriceBtl expectedProceedsNet depotPositionId storageIds }
  }
}`;
const MINE = `query {
  mySellOrders {
    id status cases casesSold casesReserved askPriceBtl sellPriceBtl marginBtl expectedProceedsNet
    proceedsGross commission proceedsNet settlementPdfUrl settlementFingerprint offerId rejectReason
  }
}`;
const ALL = `query ($status: SellOrderStatus) {
  allSellOrders(status: $status) { id status cases marginBtl seller { email } }
}`;
const APPROVE = `mutation ($id: Int!, $price: Decimal) {
  approveSellOrder(sellOrderId: $id, sellPriceBtl: $price) {
    success errors { message code } sellOrder { id status offerId sellPriceBtl marginBtl }
  }
}`;
const REJECT = `mutation ($id: Int!, $reason: String!) {
  rejectSellOrder(sellOrderId: $id, reason: $reason) { success errors { message code } sellOrder { status rejectReason } }
}`;
const CANCEL = `mutation ($id: Int!) {
  cancelSellOrder(sellOrderId: $id) { success errors { message code } sellOrder { status } }
}`;
const CANCEL_INVOICE = `mutation ($id: Int!) {
  changeInvoice(invoiceId: $id, stage: CANCELLED, reason: "Missbrauch") { success errors { message code } invoice { stage } }
}`;
const OFFERS = `query { allOffers { id secondaryMarket promoteOffer sellPriceBtl availableCases partialOfferRel { sellerName sellerUserId buyPriceBtl } } }`;

type Position = {
  id: number;
  amount: number;
  storageId: string | null;
  buyPriceBtl: string;
  currentStatus: string;
  depotPositionStatusRel: { status: string }[];
  sellOrder: { id: number; status: string; askPriceBtl: string; proceedsNet: string | null } | null;
};
type SellOrder = {
  id: number;
  status: string;
  cases: number;
  casesSold: number;
  casesReserved: number;
  askPriceBtl: string;
  sellPriceBtl: string | null;
  marginBtl: string | null;
  expectedProceedsNet: string;
  proceedsGross: string | null;
  commission: string | null;
  proceedsNet: string | null;
  settlementPdfUrl: string | null;
  settlementFingerprint: string | null;
  offerId: number | null;
};

describe.each(databaseTargets)('Zweitmarkt (%s)', (target) => {
  let portal: TestPortal;
  let staff: string;
  let stockOfferId: number;
  let accounts = 0;

  async function login(email: string) {
    // One address per sign-in: the journeys sign in many fresh accounts (per-IP limits).
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      LOGIN,
      { email, password: PASSWORD },
      { ip: `10.18.0.${accounts + 1}` },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.tokenAuth.token as string;
  }

  async function freshClient(name: string) {
    accounts += 1;
    const email = `kunde-${accounts}@zweitmarkt.test`;
    const id = await clientWithAddress(portal, email, name);
    return { id, email, token: await login(email) };
  }

  const path = (url: string) => new URL(url).pathname;

  async function pay(hostedUrl: string, cardNumber = '4242 4242 4242 4242') {
    return portal.app.inject({
      method: 'POST',
      url: path(hostedUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber }).toString(),
    });
  }

  /** Order list → binding order → staff check; answers the invoice and the check's answer. */
  async function orderAndCheck(token: string, offerId: number, cases: number) {
    const added = await portal.gql(CREATE, { offerId, amount: cases }, { token });
    expect(added.errors).toBeUndefined();
    expect(added.data).toMatchObject({ createOrderPosition: { success: true } });
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    expect(invoiceId).toBeGreaterThan(0);
    return invoiceId;
  }

  async function checkAndFinalize(token: string, invoiceId: number) {
    const checked = await portal.gql(CHANGE_INVOICE, { id: invoiceId }, { token: staff });
    expect(checked.data).toMatchObject({ changeInvoice: { success: true } });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token },
    );
    return finalized.data?.finalizeInvoice.hostedInvoiceUrl as string;
  }

  const depot = async (token: string) =>
    ((await portal.gql<{ clientsDepot: Position[] }>(DEPOT, {}, { token })).data?.clientsDepot ??
      []) as Position[];
  const mine = async (token: string) =>
    ((await portal.gql<{ mySellOrders: SellOrder[] }>(MINE, {}, { token })).data?.mySellOrders ??
      []) as SellOrder[];

  /** A fresh client holding `cases` cases IN_BOND: checkout, payment, staff record the MRN. */
  async function clientInBond(name: string, cases: number) {
    const client = await freshClient(name);
    const invoiceId = await orderAndCheck(client.token, stockOfferId, cases);
    expect((await pay(await checkAndFinalize(client.token, invoiceId))).statusCode).toBe(200);
    const [position] = await depot(client.token);
    expect(position).toMatchObject({ amount: cases, currentStatus: 'PURCHASED' });
    const recorded = await portal.gql(MRN, { id: position?.id, mrn: '26DE1234567890ABC1' }, { token: staff });
    expect(recorded.data).toMatchObject({
      updateAssetUnderManagement: { success: true, asset: { currentStatus: 'IN_BOND' } },
    });
    return { ...client, positionId: position?.id as number };
  }

  async function sell(token: string, id: number, cases: number, price: string) {
    const answer = await portal.gql<{
      createSellOrder: {
        success: boolean;
        errors: { code: string; message: string }[];
        sellOrder: SellOrder & { depotPositionId: number; storageIds: string };
      };
    }>(SELL, { id, cases, price }, { token });
    return answer.data?.createSellOrder as {
      success: boolean;
      errors: { code: string; message: string }[];
      sellOrder: SellOrder & { depotPositionId: number; storageIds: string };
    };
  }

  async function approve(id: number, price?: string) {
    const answer = await portal.gql<{
      approveSellOrder: { success: boolean; sellOrder: { offerId: number } };
    }>(APPROVE, { id, price }, { token: staff });
    expect(answer.data?.approveSellOrder.success).toBe(true);
    return answer.data?.approveSellOrder.sellOrder.offerId as number;
  }

  const tranche = async (offerId: number) =>
    (await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, offerId)))[0];

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await login('berater@example.com');
    // An offer of our own with plenty of stock, so the journeys do not depend on demo quantities.
    stockOfferId = (await resaleTestOffer(portal.db, 200)).offerId;
    expect(stockOfferId).toBeGreaterThan(0);
  }, 240_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('runs the whole journey: offer, list, two buyers pay, both depots and the settlement', async () => {
    const seller = await clientInBond('Verkäuferin', 4);
    const [sellerInvoice] = await portal.db.select().from(invoices).where(eq(invoices.userId, seller.id));
    const certificateUrl = `/certificate/${sellerInvoice?.invoicePdfViewPermissionToken}`;
    const before = await portal.app.inject({ method: 'GET', url: certificateUrl });
    expect(before.statusCode).toBe(200);
    const fingerprintBefore = before.headers['x-certificate-fingerprint'] as string;
    // Recording the MRN again does not add a second IN_BOND entry.
    await portal.gql(MRN, { id: seller.positionId, mrn: '26DE1234567890ABC2' }, { token: staff });
    const [bonded] = await depot(seller.token);
    expect(bonded?.depotPositionStatusRel.map((entry) => entry.status)).toEqual(['PURCHASED', 'IN_BOND']);

    // Over-selling, bad prices, foreign and unknown positions are refused and change nothing.
    expect(await sell(seller.token, seller.positionId, 5, '120.00')).toMatchObject({
      success: false,
      errors: [{ code: 'INVALID_AMOUNT', message: sellTexts.casesInvalid(4) }],
    });
    expect(await sell(seller.token, seller.positionId, 0, '120.00')).toMatchObject({ success: false });
    expect(await sell(seller.token, seller.positionId, 1, '0.00')).toMatchObject({
      success: false,
      errors: [{ message: sellTexts.priceInvalid }],
    });
    const other = await freshClient('Fremd');
    expect(await sell(other.token, seller.positionId, 1, '120.00')).toMatchObject({
      success: false,
      errors: [{ code: 'NOT_FOUND', message: sellTexts.positionUnknown }],
    });
    expect(await sell(other.token, 999_999, 1, '120.00')).toMatchObject({
      success: false,
      errors: [{ code: 'NOT_FOUND' }],
    });
    expect((await depot(seller.token)).map((position) => [position.amount, position.currentStatus])).toEqual([
      [4, 'IN_BOND'],
    ]);

    // 3 of 4 cases offered: the position is split, the offered part carries its storage ids.
    const offered = await sell(seller.token, seller.positionId, 3, '120.00');
    expect(offered).toMatchObject({
      success: true,
      sellOrder: { status: 'REQUESTED', cases: 3, askPriceBtl: '120.00', expectedProceedsNet: '2084.40' },
    });
    const allIds = bonded?.storageId?.split(', ') ?? [];
    expect(allIds).toHaveLength(4);
    expect(offered.sellOrder.storageIds).toBe(allIds.slice(0, 3).join(', '));
    const split = await depot(seller.token);
    expect(split.map((position) => [position.amount, position.currentStatus])).toEqual([
      [1, 'IN_BOND'],
      [3, 'FOR_SALE'],
    ]);
    expect(split[1]?.depotPositionStatusRel.map((entry) => entry.status)).toEqual([
      'PURCHASED',
      'IN_BOND',
      'FOR_SALE',
    ]);
    expect(split[1]?.sellOrder).toMatchObject({ status: 'REQUESTED', askPriceBtl: '120.00' });
    // The split-off position keeps the invoice position link and the customs reference.
    const splitRows = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.ownerId, seller.id))
      .orderBy(depotPositions.id);
    expect(splitRows).toHaveLength(2);
    expect(splitRows[0]?.invoicePositionId).not.toBeNull();
    expect(splitRows[1]).toMatchObject({
      invoicePositionId: splitRows[0]?.invoicePositionId,
      partialOfferId: splitRows[0]?.partialOfferId,
      mrn: '26DE1234567890ABC2',
    });

    // A case is offered once.
    expect(await sell(seller.token, offered.sellOrder.depotPositionId, 1, '120.00')).toMatchObject({
      success: false,
      errors: [{ code: 'NOT_IN_BOND' }],
    });
    expect(await sell(seller.token, seller.positionId, 2, '120.00')).toMatchObject({
      success: false,
      errors: [{ code: 'INVALID_AMOUNT' }],
    });

    // Clients neither see nor approve others' orders.
    expect(await mine(other.token)).toEqual([]);
    expect((await portal.gql(ALL, {}, { token: seller.token })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await portal.gql(APPROVE, { id: offered.sellOrder.id }, { token: seller.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('FORBIDDEN');
    const requested = await portal.gql<{ allSellOrders: { id: number; seller: { email: string } }[] }>(
      ALL,
      { status: 'REQUESTED' },
      { token: staff },
    );
    expect(requested.data?.allSellOrders.map((order) => order.seller.email)).toContain(seller.email);

    // Staff list it at 130 € (house margin 10 € per bottle, staff only).
    const offerId = await approve(offered.sellOrder.id, '130.00');
    const listedForStaff = await portal.gql<{
      allOffers: { id: number; secondaryMarket: boolean; partialOfferRel: { sellerName: string | null }[] }[];
    }>(OFFERS, {}, { token: staff });
    expect(listedForStaff.data?.allOffers.find((offer) => offer.id === offerId)).toMatchObject({
      secondaryMarket: true,
      promoteOffer: true,
      sellPriceBtl: '130.00',
      availableCases: 3,
      partialOfferRel: [{ sellerName: 'Verkäuferin Muster', buyPriceBtl: '120.00' }],
    });
    const listedPublic = await portal.gql<{ allOffers: { id: number; partialOfferRel: unknown[] }[] }>(
      OFFERS,
    );
    expect(listedPublic.data?.allOffers.find((offer) => offer.id === offerId)).toMatchObject({
      secondaryMarket: true,
      partialOfferRel: [{ sellerName: null, sellerUserId: null, buyPriceBtl: null }],
    });
    expect((await mine(seller.token))[0]).toMatchObject({
      status: 'LISTED',
      sellPriceBtl: '130.00',
      marginBtl: null,
    });
    const audit = await portal.db.select().from(auditLog).where(eq(auditLog.entity, 'sell_order'));
    expect(audit.map((row) => row.action)).toContain('approve');

    // The seller cannot buy the own listing.
    expect((await portal.gql(CREATE, { offerId, amount: 1 }, { token: seller.token })).data).toMatchObject({
      createOrderPosition: {
        success: false,
        errors: [{ code: 'OWN_LISTING', message: sellTexts.ownListing }],
      },
    });

    // Buyer 1 takes 2 cases; while the invoice holds them the seller cannot withdraw.
    const buyer = await freshClient('Käufer');
    const invoiceId = await orderAndCheck(buyer.token, offerId, 2);
    const hostedUrl = await checkAndFinalize(buyer.token, invoiceId);
    expect((await mine(seller.token))[0]).toMatchObject({ casesReserved: 2 });
    expect(
      (await portal.gql(CANCEL, { id: offered.sellOrder.id }, { token: seller.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: false, errors: [{ code: 'RESERVED', message: sellTexts.cancelReserved }] },
    });
    expect((await pay(hostedUrl)).statusCode).toBe(200);

    const buyerDepot = await depot(buyer.token);
    expect(buyerDepot).toHaveLength(1);
    expect(buyerDepot[0]).toMatchObject({ amount: 2, buyPriceBtl: '130.00', currentStatus: 'IN_BOND' });
    expect(buyerDepot[0]?.depotPositionStatusRel.map((entry) => entry.status)).toEqual([
      'PURCHASED',
      'IN_BOND',
    ]);
    expect(buyerDepot[0]?.storageId).toBe(allIds.slice(0, 2).join(', '));
    const afterFirst = await depot(seller.token);
    expect(
      afterFirst.map((position) => [position.amount, position.currentStatus, position.storageId]),
    ).toEqual([
      [1, 'IN_BOND', allIds[3]],
      [1, 'FOR_SALE', allIds[2]],
      [2, 'SOLD', allIds.slice(0, 2).join(', ')],
    ]);
    expect((await mine(seller.token))[0]).toMatchObject({
      status: 'LISTED',
      casesSold: 2,
      proceedsGross: '1440.00',
      commission: '50.40',
      proceedsNet: '1389.60',
    });
    // At settlement the seller's certificate is re-issued (the sold cases as transferred, apart from the stored ones).
    const certificates = async () =>
      portal.db
        .select()
        .from(storageCertificates)
        .where(eq(storageCertificates.invoiceId, sellerInvoice?.id as number))
        .orderBy(storageCertificates.issuedAt);
    const reissued = await certificates();
    expect(reissued).toHaveLength(2);
    expect(reissued[0]?.fingerprint).toBe(fingerprintBefore);
    expect(reissued[1]?.content).toMatchObject({
      version: 3,
      positions: [
        {
          cases: 2,
          storageIds: [allIds[3], allIds[2]].join(', '),
          transferred: { cases: 2, storageIds: allIds.slice(0, 2).join(', ') },
        },
      ],
    });
    // The first certificate still verifies as issued, and shows beside it what is true today.
    const first = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprintBefore}` });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(first.body).toContain('4 Kisten à 6\u00a0×\u00a00,75l eingelagert');
    expect(first.body).toContain('2 Kisten eingelagert · 2 Kisten inzwischen verkauft');
    expect(first.body).toContain('Als Nachweis des heutigen Bestands taugt dieses Zertifikat nicht.');

    // Buyer 2 takes the last case: the order is SOLD and settled.
    const second = await freshClient('Zweitkäufer');
    const secondInvoice = await orderAndCheck(second.token, offerId, 1);
    expect((await pay(await checkAndFinalize(second.token, secondInvoice))).statusCode).toBe(200);
    const settled = (await mine(seller.token))[0] as SellOrder;
    expect(settled).toMatchObject({
      status: 'SOLD',
      casesSold: 3,
      proceedsGross: '2160.00',
      commission: '75.60',
      proceedsNet: '2084.40',
    });
    expect((await depot(second.token))[0]).toMatchObject({
      amount: 1,
      storageId: allIds[2],
      currentStatus: 'IN_BOND',
    });
    expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual([
      'IN_BOND',
      'SOLD',
      'SOLD',
    ]);
    const offersAfter = await portal.gql<{ allOffers: { id: number }[] }>(OFFERS);
    expect(offersAfter.data?.allOffers.map((offer) => offer.id)).not.toContain(offerId);

    // Settlement PDF, mail and push.
    const pdf = await portal.app.inject({ method: 'GET', url: path(settled.settlementPdfUrl as string) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-settlement-fingerprint']).toBe(settled.settlementFingerprint);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    // The QR code's address confirms the settlement; another fingerprint is unknown.
    const genuine = await portal.app.inject({
      method: 'GET',
      url: `/verify/settlement/${settled.settlementFingerprint}`,
    });
    expect(genuine.statusCode).toBe(200);
    expect(genuine.body).toContain('Verkaufsabrechnung echt');
    const unknown = await portal.app.inject({ method: 'GET', url: `/verify/settlement/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(archivalFindings(pdf.rawPayload)).toEqual([]);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Verkaufsabrechnung');
    expect(text).toContain('2.084,40');
    expect(text).toContain('Verkaufsprovision');
    expect(text).toContain(allIds[0]);
    // The seller's name and postal address from the profile: a settlement names whom the sale was for.
    expect(text).toContain('Verkäuferin Muster Weinweg 1 10115 Berlin');
    // The seller's customer number; the commission as the business's service with its VAT.
    expect(text).toMatch(/Kundennummer: WD-\d{6}/);
    expect(text).toContain(`Verkaufsprovision: Leistung der ${DEMO_COMPANY.name}`);
    const commission =
      /Verkaufsprovision \(Zweitmarkt\) \d{2}\.\d{2}\.\d{4} ([\d.]+,\d{2}) € ([\d.]+,\d{2}) € ([\d.]+,\d{2}) €/.exec(
        text,
      );
    const [net, tax, gross] = (commission ?? [])
      .slice(1)
      .map((value) => Math.round(Number(value.replace(/\./g, '').replace(',', '.')) * 100));
    expect(gross).toBeGreaterThan(0);
    expect(net).toBe(Math.round(((gross ?? 0) * 100) / 119));
    expect((net ?? 0) + (tax ?? 0)).toBe(gross);
    expect(text).toContain(`USt-IdNr. ${DEMO_COMPANY.vatId}`);
    expect(
      (await portal.app.inject({ method: 'GET', url: '/settlement/unbekannt-aber-lang-genug' })).statusCode,
    ).toBe(404);
    // The seller's certificate is re-issued showing the transferred cases; the earlier one still verifies.
    expect(await certificates()).toHaveLength(3);
    const [sellerInvoiceAfter] = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, sellerInvoice?.id as number));
    const after = await portal.app.inject({ method: 'GET', url: certificateUrl });
    expect(after.headers['x-certificate-fingerprint']).not.toBe(fingerprintBefore);
    expect(after.headers['x-certificate-fingerprint']).toBe(sellerInvoiceAfter?.certificateFingerprint);
    expect(await certificates()).toHaveLength(3);
    expect(pdfText(after.rawPayload)).toContain('übertragen');
    expect(pdfText(after.rawPayload)).toContain(allIds[0]);
    const verified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprintBefore}` });
    expect(verified.statusCode).toBe(200);
    expect(
      (
        await portal.app.inject({
          method: 'GET',
          url: `/verify/${after.headers['x-certificate-fingerprint']}`,
        })
      ).statusCode,
    ).toBe(200);

    await portal.deliverOutbox();
    const mails = await portal.mailsTo(seller.email);
    expect(mails.filter((mail) => mail.subject === 'Ihr Wein wurde verkauft')).toHaveLength(2);
  }, 180_000);

  it('withdraws REQUESTED and LISTED orders of the caller only, and rejects with a mail', async () => {
    const seller = await clientInBond('Rückzug', 3);
    const first = await sell(seller.token, seller.positionId, 1, '99.90');
    const stranger = await freshClient('Fremd');
    expect(
      (await portal.gql(CANCEL, { id: first.sellOrder.id }, { token: stranger.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: false, errors: [{ code: 'NOT_FOUND' }] },
    });
    expect(
      (await portal.gql(CANCEL, { id: first.sellOrder.id }, { token: seller.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: true, sellOrder: { status: 'CANCELLED' } },
    });
    expect(
      (await portal.gql(CANCEL, { id: first.sellOrder.id }, { token: seller.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: false, errors: [{ code: 'NOT_CANCELLABLE' }] },
    });
    expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual([
      'IN_BOND',
      'IN_BOND',
    ]);

    // A listed order withdrawn: the offer disappears.
    const second = await sell(seller.token, seller.positionId, 1, '99.90');
    const offerId = await approve(second.sellOrder.id);
    expect((await mine(seller.token)).find((order) => order.id === second.sellOrder.id)).toMatchObject({
      sellPriceBtl: '99.90',
    });
    expect(
      (await portal.gql(CANCEL, { id: second.sellOrder.id }, { token: seller.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: true },
    });
    const listed = await portal.gql<{ allOffers: { id: number }[] }>(OFFERS);
    expect(listed.data?.allOffers.map((offer) => offer.id)).not.toContain(offerId);
    const buyer = await freshClient('Spät');
    expect((await portal.gql(CREATE, { offerId, amount: 1 }, { token: buyer.token })).data).toMatchObject({
      createOrderPosition: { success: false },
    });

    // Rejected with a reason: the cases return and the seller is mailed in German.
    const third = await sell(seller.token, seller.positionId, 1, '150.00');
    expect(third.success).toBe(true);
    expect(
      (await portal.gql(REJECT, { id: third.sellOrder.id, reason: '  ' }, { token: staff })).data,
    ).toMatchObject({
      rejectSellOrder: { success: false, errors: [{ message: sellTexts.reasonMissing }] },
    });
    expect(
      (
        await portal.gql(
          REJECT,
          { id: third.sellOrder.id, reason: 'Der Preis liegt weit über dem Markt.' },
          { token: staff },
        )
      ).data,
    ).toMatchObject({
      rejectSellOrder: {
        success: true,
        sellOrder: { status: 'REJECTED', rejectReason: 'Der Preis liegt weit über dem Markt.' },
      },
    });
    expect((await portal.gql(APPROVE, { id: third.sellOrder.id }, { token: staff })).data).toMatchObject({
      approveSellOrder: { success: false, errors: [{ message: sellTexts.notRequested }] },
    });
    expect((await depot(seller.token)).every((position) => position.currentStatus === 'IN_BOND')).toBe(true);
    await portal.deliverOutbox();
    const rejection = (await portal.mailsTo(seller.email)).find(
      (mail) => mail.subject === 'Ihr Verkaufsauftrag wurde abgelehnt',
    );
    expect(rejection?.text).toContain('Der Preis liegt weit über dem Markt.');
  }, 120_000);

  it('sells the last listed case once when two buyers race, and keeps it reserved after a failed payment', async () => {
    const seller = await clientInBond('Rennen', 1);
    const offered = await sell(seller.token, seller.positionId, 1, '200.00');
    const offerId = await approve(offered.sellOrder.id);
    const buyers = await Promise.all([freshClient('Schnell'), freshClient('Auch'), freshClient('Dritte')]);
    const invoiceIds = await Promise.all(buyers.map((buyer) => orderAndCheck(buyer.token, offerId, 1)));
    const checks = await Promise.all(
      invoiceIds.map((id) =>
        portal.gql<{ changeInvoice: { success: boolean; errors: { code: string }[] } }>(
          CHANGE_INVOICE,
          { id },
          { token: staff },
        ),
      ),
    );
    const outcomes = checks.map((answer) => answer.data?.changeInvoice);
    expect(outcomes.filter((outcome) => outcome?.success)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome?.errors[0]?.code === 'NOT_ENOUGH_STOCK')).toHaveLength(2);
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);

    const winner = outcomes.findIndex((outcome) => outcome?.success);
    const buyer = buyers[winner] as (typeof buyers)[number];
    const hostedUrl = (
      await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
        FINALIZE,
        { id: invoiceIds[winner] },
        { token: buyer.token },
      )
    ).data?.finalizeInvoice.hostedInvoiceUrl as string;
    // A failed payment keeps the reservation: nobody else gets the case, the seller cannot withdraw.
    expect((await pay(hostedUrl, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'LISTED', casesReserved: 1 });
    expect(
      (await portal.gql(CANCEL, { id: offered.sellOrder.id }, { token: seller.token })).data,
    ).toMatchObject({
      cancelSellOrder: { success: false, errors: [{ code: 'RESERVED' }] },
    });
    // The buyer retries and pays.
    expect((await pay(hostedUrl)).statusCode).toBe(200);
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'SOLD', casesSold: 1 });
    const owners = await Promise.all(buyers.map(async (one) => (await depot(one.token)).length));
    expect(owners.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);
    expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual(['SOLD']);
  }, 120_000);
  it('refuses hostile sell requests with German messages and changes nothing', async () => {
    const seller = await clientInBond('Prüfung', 3);
    const other = await clientInBond('Nachbarin', 1);
    const state = async () => ({
      depot: (await depot(seller.token)).map((position) => [
        position.id,
        position.amount,
        position.currentStatus,
        position.storageId,
      ]),
      orders: (await mine(seller.token)).length,
    });
    const before = await state();
    expect(before).toMatchObject({
      depot: [[seller.positionId, 3, 'IN_BOND', expect.any(String)]],
      orders: 0,
    });
    const refusal = (code: string, message: string, field: string) => ({
      success: false,
      errors: [{ code, message, field }],
      sellOrder: null,
    });

    // Case counts: none, negative, more than held, absurd.
    for (const cases of [0, -1, 4, 1_000_000]) {
      expect(await sell(seller.token, seller.positionId, cases, '120.00')).toEqual(
        refusal('INVALID_AMOUNT', sellTexts.casesInvalid(3), 'cases'),
      );
    }
    // Not a whole number, or beyond what an Int holds: the schema refuses them in German.
    const raw = (variables: Record<string, unknown>) => portal.gql(SELL, variables, { token: seller.token });
    const invalid = (name: string, reason: string) =>
      `Ungültige Anfrage: Der Parameter $${name} hat einen ungültigen Wert: ${reason}`;
    expect((await raw({ id: seller.positionId, cases: 1.5, price: '120.00' })).errors?.[0]?.message).toBe(
      invalid('cases', 'Erwartet wird eine ganze Zahl.'),
    );
    expect((await raw({ id: seller.positionId, cases: 2 ** 31, price: '120.00' })).errors?.[0]?.message).toBe(
      invalid('cases', 'Die Zahl ist zu groß für eine ganze Zahl (höchstens 2147483647).'),
    );

    // Prices: no number, exponent, too long, negative, zero, three decimals, absurdly high.
    for (const price of ['abc', '1e30', '1'.repeat(31), '']) {
      expect((await raw({ id: seller.positionId, cases: 1, price })).errors?.[0]?.message).toBe(
        invalid('price', scalarMessages.decimal),
      );
    }
    for (const price of ['-5.00', '0', '0.00', '12.345']) {
      expect(await sell(seller.token, seller.positionId, 1, price)).toEqual(
        refusal('INVALID', sellTexts.priceInvalid, 'askPriceBtl'),
      );
    }
    for (const price of ['1000000.01', '9999999999.99']) {
      expect(await sell(seller.token, seller.positionId, 1, price)).toEqual(
        refusal('INVALID', sellTexts.priceTooHigh, 'askPriceBtl'),
      );
    }

    // Someone else's position, unknown and nonsense ids answer alike (nothing is revealed).
    for (const id of [other.positionId, 0, -7, 2_147_483_647]) {
      expect(await sell(seller.token, id, 1, '120.00')).toEqual(
        refusal('NOT_FOUND', sellTexts.positionUnknown, 'depotPositionId'),
      );
    }
    expect(await state()).toEqual(before);
    expect((await depot(other.token)).map((position) => position.currentStatus)).toEqual(['IN_BOND']);

    // Offering all cases twice at the same moment: one request wins, the other is refused.
    const whole = await Promise.all([
      sell(seller.token, seller.positionId, 3, '120.00'),
      sell(seller.token, seller.positionId, 3, '125.00'),
    ]);
    expect(whole.filter((answer) => answer.success)).toHaveLength(1);
    expect(whole.find((answer) => !answer.success)).toEqual(
      refusal('NOT_IN_BOND', sellTexts.notInBond, 'depotPositionId'),
    );
    expect((await depot(seller.token)).map((position) => [position.amount, position.currentStatus])).toEqual([
      [3, 'FOR_SALE'],
    ]);
    const winner = whole.find((answer) => answer.success)?.sellOrder.id as number;
    expect((await portal.gql(CANCEL, { id: winner }, { token: seller.token })).data).toMatchObject({
      cancelSellOrder: { success: true },
    });

    // Two cases of three, twice at once: the second finds only one case left.
    const parts = await Promise.all([
      sell(seller.token, seller.positionId, 2, '120.00'),
      sell(seller.token, seller.positionId, 2, '120.00'),
    ]);
    expect(parts.filter((answer) => answer.success)).toHaveLength(1);
    expect(parts.find((answer) => !answer.success)).toEqual(
      refusal('INVALID_AMOUNT', sellTexts.casesInvalid(1), 'cases'),
    );
    const afterParts = await depot(seller.token);
    expect(afterParts.map((position) => [position.amount, position.currentStatus])).toEqual([
      [1, 'IN_BOND'],
      [2, 'FOR_SALE'],
    ]);
    expect(afterParts.reduce((sum, position) => sum + position.amount, 0)).toBe(3);
    const open = (await mine(seller.token)).filter((order) => order.status === 'REQUESTED');
    expect(open).toMatchObject([{ cases: 2 }]);

    // Staff listing the same order twice at once (a double click): one offer.
    const approvals = await Promise.all(
      [0, 1].map(() =>
        portal.gql<{ approveSellOrder: { success: boolean; errors: { code: string }[] } }>(
          APPROVE,
          { id: open[0]?.id },
          { token: staff },
        ),
      ),
    );
    expect(approvals.map((answer) => answer.data?.approveSellOrder.success).sort()).toEqual([false, true]);
    const listings = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.sellerUserId, seller.id));
    expect(listings).toHaveLength(1);
    expect(listings[0]).toMatchObject({ quantityAvailable: 2, totalQuantityAvailable: 2 });
  }, 120_000);

  it('keeps the cases after a failed payment and lists them again when the invoice is cancelled', async () => {
    const seller = await clientInBond('Storno', 2);
    await portal.db.insert(pushSubscriptions).values({
      userId: seller.id,
      endpoint: `https://push.example/zweitmarkt-${target}-${seller.id}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    });
    const offered = await sell(seller.token, seller.positionId, 2, '150.00');
    const offerId = await approve(offered.sellOrder.id);
    const buyer = await freshClient('Storniert');
    const invoiceId = await orderAndCheck(buyer.token, offerId, 2);
    const hostedUrl = await checkAndFinalize(buyer.token, invoiceId);
    expect((await pay(hostedUrl, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'LISTED', casesReserved: 2 });
    expect((await tranche(offerId))?.quantityAvailable).toBe(0);

    // Staff cancel the buyer's invoice (abuse): the listing holds its cases again.
    expect((await portal.gql(CANCEL_INVOICE, { id: invoiceId }, { token: staff })).data).toMatchObject({
      changeInvoice: { success: true, invoice: { stage: 'CANCELLED' } },
    });
    expect((await mine(seller.token))[0]).toMatchObject({ status: 'LISTED', casesReserved: 0, casesSold: 0 });
    expect((await tranche(offerId))?.quantityAvailable).toBe(2);
    const offersNow = await portal.gql<{ allOffers: { id: number; availableCases: number }[] }>(OFFERS);
    expect(offersNow.data?.allOffers.find((offer) => offer.id === offerId)).toMatchObject({
      secondaryMarket: true,
      availableCases: 2,
    });
    expect(await depot(buyer.token)).toEqual([]);
    expect((await depot(seller.token)).map((position) => position.currentStatus)).toEqual(['FOR_SALE']);

    // Another buyer takes them; the seller gets the mail and the push.
    await portal.db.delete(outbox).where(eq(outbox.kind, 'push'));
    const next = await freshClient('Nachkauf');
    const nextInvoice = await orderAndCheck(next.token, offerId, 2);
    expect((await pay(await checkAndFinalize(next.token, nextInvoice))).statusCode).toBe(200);
    expect((await mine(seller.token))[0]).toMatchObject({
      status: 'SOLD',
      casesSold: 2,
      proceedsNet: '1737.00',
    });
    expect((await depot(next.token)).map((position) => [position.amount, position.currentStatus])).toEqual([
      [2, 'IN_BOND'],
    ]);
    const pushes = await portal.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'push')));
    expect(pushes.map((row) => row.payload)).toEqual([
      {
        subscriptionId: expect.any(Number),
        notification: expect.objectContaining({ title: 'Ihr Wein wurde verkauft', url: '/admin/depot' }),
      },
    ]);
    expect(JSON.stringify(pushes[0]?.payload)).toContain('1.737,00');
  }, 120_000);

  it("lists a seller's sold case apart from the holdings: table, headline, Excel sheets and settlement", async () => {
    const seller = await clientInBond('Depotverkauf', 3);
    const offered = await sell(seller.token, seller.positionId, 1, '120.00');
    expect(offered.success).toBe(true);
    const offerId = await approve(offered.sellOrder.id, '130.00');
    const buyer = await freshClient('Depotkauf');
    const invoiceId = await orderAndCheck(buyer.token, offerId, 1);
    expect((await pay(await checkAndFinalize(buyer.token, invoiceId))).statusCode).toBe(200);
    const [order] = await mine(seller.token);
    expect(order).toMatchObject({ status: 'SOLD', casesSold: 1, proceedsNet: '694.80' });
    const settlement = order?.settlementPdfUrl as string;
    expect(settlement).toMatch(/\/settlement\/[\w-]{16,}$/);

    // The PWA's own depot query, turned into rows as the screen and the export do.
    const own = await portal.gql<ClientsDepotQuery>(print(ClientsDepotDocument), {}, { token: seller.token });
    expect(own.errors).toBeUndefined();
    const data = own.data as ClientsDepotQuery;
    const rows = toDepotRows(
      joinDepot({
        positions: data.clientsDepot,
        vintages: data.clientsDepotVintages,
        bottleSizes: data.allBottleSizes,
        investmentScore: data.me?.investmentScore ?? null,
      }).positions,
      new Date(),
    );
    expect(depotPositionCountLabel(rows)).toBe('1 Position · 1 verkauft');
    expect(heldRows(rows).map((row) => [row.gebinde, row.settlementPdfUrl])).toEqual([
      ['2 Kisten à 6\u00a0×\u00a00,75l', null],
    ]);
    expect(soldRows(rows).map((row) => [row.gebinde, row.saleProceedsNet, row.settlementPdfUrl])).toEqual([
      ['1 Kiste à 6\u00a0×\u00a00,75l', 69_480, settlement],
    ]);
    // Staff see the same link in the client's depot; the link opens the settlement.
    const staffView = await portal.gql<ViewClientsDepotQuery>(
      print(ViewClientsDepotDocument),
      { clientsMail: seller.email },
      { token: staff },
    );
    expect(
      staffView.data?.viewClientsDepot.map((position) => [position.id, position.settlementPdfUrl]),
    ).toEqual(data.clientsDepot.map((position) => [position.id, position.settlementPdfUrl]));
    const pdf = await portal.app.inject({ method: 'GET', url: path(settlement) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The Excel file, read back: holdings in "Depot" and "Bewertung", the sale in "Verkauft".
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await depotWorkbook(rows, null, new Date())).xlsx.writeBuffer());
    const cellsOf = (name: string) =>
      (workbook.getWorksheet(name)?.getSheetValues() ?? [])
        .slice(2)
        .map((row) => (row as unknown[]).slice(1));
    expect(cellsOf('Depot').map((row) => [row[1], row[5], row[8]])).toEqual([
      ['2 Kisten à 6\u00a0×\u00a00,75l', 12, 1200],
    ]);
    expect(cellsOf('Bewertung')).toHaveLength(1);
    expect(cellsOf('Verkauft').map((row) => [row[2], row[3], row[5], row[7], row[8]])).toEqual([
      ['1 Kiste à 6\u00a0×\u00a00,75l', 6, 600, 694.8, { text: settlement, hyperlink: settlement }],
    ]);
  }, 120_000);

  it('gives the seeded FOR_SALE and SOLD positions their sell orders', async () => {
    const client = await login('kunde@example.com');
    const positions = await depot(client);
    const offered = positions.filter((position) => position.currentStatus === 'FOR_SALE');
    const sold = positions.filter((position) => position.currentStatus === 'SOLD');
    expect(offered.length).toBeGreaterThan(0);
    expect(sold.length).toBeGreaterThan(0);
    for (const position of offered) {
      expect(position.sellOrder).toMatchObject({ status: 'REQUESTED', proceedsNet: null });
      expect(Number(position.sellOrder?.askPriceBtl)).toBeGreaterThan(Number(position.buyPriceBtl));
    }
    for (const position of sold) {
      expect(position.sellOrder).toMatchObject({ status: 'SOLD' });
      expect(Number(position.sellOrder?.proceedsNet)).toBeGreaterThan(0);
    }
    const orders = await mine(client);
    expect(orders.filter((order) => order.status === 'SOLD').every((order) => order.settlementPdfUrl)).toBe(
      true,
    );
    expect(orders).toHaveLength(offered.length + sold.length);
  });
});
