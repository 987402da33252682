/**
 * Every statement about a client's wine agrees everywhere: the demo client's held cases, value and
 * storage, and after a Zweitmarkt sale the seller's holding, sale and proceeds and the buyer's case.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/dates';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { depotPositionCountLabel, heldRows, soldRows } from '../../src/features/depot/model/depot-rows';
import { consistencyJourney, consistencyOperation } from './support/consistency-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';

const SELL_ORDERS = consistencyOperation('MySellOrders');

describe.each(databaseTargets)('Bestände und Werte stimmen überall (%s)', (target) => {
  const journey = consistencyJourney(target);
  const { ok, depotPlaces, expectDepotAgrees, expectCertificatesAgree, getUrl } = journey;
  let portal: TestPortal;
  let kunde: string;
  let seller: { email: string; token: string };
  let buyer: { email: string; token: string };
  beforeAll(() => {
    ({ portal, kunde, seller, buyer } = journey);
  });

  it('states the demo client’s held cases, value and storage alike in every place', async () => {
    const places = await depotPlaces(kunde);
    expectDepotAgrees(places);
    // Anchors from the seed: sold positions exist and are listed apart; every value has its date.
    expect(soldRows(places.rows).length).toBeGreaterThan(0);
    expect(heldRows(places.rows).length).toBeGreaterThanOrEqual(14);
    expect(places.performance.valuationAsOf).toBe(businessDay());
    await expectCertificatesAgree(kunde, places);
  });

  it('states the seller’s holding, sale and proceeds alike after a Zweitmarkt sale, and the buyer holds the sold case', async () => {
    const places = await depotPlaces(seller.token);
    expectDepotAgrees(places);
    expect(depotPositionCountLabel(places.rows)).toBe('1 Position · 1 verkauft');
    const [sold] = soldRows(places.rows);
    const [held] = heldRows(places.rows);
    expect([held?.cases, sold?.cases]).toEqual([2, 1]);
    await expectCertificatesAgree(seller.token, places);

    // The settlement, the sell order, the depot's sold row and the Excel's "Verkauft" name the same proceeds.
    const { mySellOrders } = await ok<{
      mySellOrders: { status: string; cases: number; proceedsNet: string; settlementPdfUrl: string }[];
    }>(SELL_ORDERS, {}, seller.token);
    expect(mySellOrders).toHaveLength(1);
    const [order] = mySellOrders;
    expect(order?.status).toBe('SOLD');
    expect(sold?.saleProceedsNet).toBe(decimalToCents(order?.proceedsNet ?? '0'));
    expect(sold?.settlementPdfUrl).toBe(order?.settlementPdfUrl);
    const settlement = pdfText((await getUrl(order?.settlementPdfUrl as string)).rawPayload);
    expect(settlement).toContain(`Auszahlungsbetrag (netto) ${formatEuro(sold?.saleProceedsNet ?? 0)}`);
    expect(settlement).toContain(`Kisten: ${sold?.cases}`);
    for (const id of (sold?.storageId ?? '').split(', ')) expect(settlement).toContain(id);
    // The seller's mail states the same net proceeds.
    await portal.deliverOutbox();
    const [soldMail] = (await portal.mailsTo(seller.email)).filter(
      (mail) => mail.subject === 'Ihr Wein wurde verkauft',
    );
    expect(soldMail?.text).toContain(`= ${formatEuro(sold?.saleProceedsNet ?? 0)}`);

    // The buyer holds exactly the sold case, under the storage id the settlement names.
    const bought = await depotPlaces(buyer.token);
    expectDepotAgrees(bought);
    expect(bought.rows.map((row) => [row.cases, row.storageId, row.status])).toEqual([
      [sold?.cases, sold?.storageId, 'IN_BOND'],
    ]);
  });
});
