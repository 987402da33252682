/**
 * The whole Zweitmarkt journey in one test: a client offers cases, staff list them, two buyers pay,
 * both depots show the result and the seller is settled.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../../server/company';
import { auditLog, depotPositions, invoices, storageCertificates } from '../../server/db/schema';
import { sellTexts } from '../../src/domain/secondary-market';
import { databaseTargets, type TestPortal } from './support/harness';
import { archivalFindings, pdfText } from './support/pdf-text';
import { marketOperation, type SellOrder, secondaryMarketJourney } from './support/secondary-market-journey';

const CREATE = marketOperation('CreateOrderPosition');
const MRN = marketOperation('RecordCustomsReference');
const ALL = marketOperation('AllSellOrders');
const APPROVE = marketOperation('ApproveSellOrder');
const CANCEL = marketOperation('CancelSellOrder');
const OFFERS = marketOperation('AllOffers');

describe.each(databaseTargets)('Zweitmarkt: vom Angebot bis zur Abrechnung (%s)', (target) => {
  const journey = secondaryMarketJourney(target);
  const {
    freshClient,
    path,
    pay,
    orderAndCheck,
    checkAndFinalize,
    depot,
    mine,
    clientInBond,
    sell,
    approve,
  } = journey;
  let portal: TestPortal;
  let staff: string;
  beforeAll(() => {
    ({ portal, staff } = journey);
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
      version: 4,
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
});
