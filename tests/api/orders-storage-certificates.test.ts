/**
 * Storage certificates of paid orders: none before the cases are in the warehouse, then issued,
 * verified by fingerprint and reissued when staff correct case numbers.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema';
import { databaseTargets, type TestPortal } from './support/harness';
import { orderJourney, orderOperation, today } from './support/order-journey';
import { pdfHasImage, pdfText } from './support/pdf-text';

const CORRECT_STORAGE_ID = orderOperation('CorrectStorageId');

describe.each(databaseTargets)('Einlagerungszertifikate bezahlter Bestellungen (%s)', (target) => {
  const journey = orderJourney(target);
  const { newBuyer, paidOrder, purchasedPositions, bookIntoWarehouse, importWarehouseReport } = journey;
  let portal: TestPortal;
  let staff: string;
  beforeAll(() => {
    ({ portal, staff } = journey);
  });

  it('issues no certificate while no case of a paid invoice is in the warehouse: a German page, 409', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    const answer = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['x-certificate-fingerprint']).toBeUndefined();
    expect(answer.body).toContain('<html lang="de">');
    expect(answer.body).toContain('Für diese Rechnung lagert noch keine Kiste im Zollfreilager Genf.');
    expect(answer.body).toContain(`Rechnung ${order.invoiceNumber}`);
    for (const title of order.vintageTitles) expect(answer.body).toContain(title);
    expect(answer.body).toContain('1 Kiste bezahlt – Versand ins Zollfreilager folgt');
    // Nothing was issued or recorded.
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, order.invoiceId));
    expect(invoice?.certificateFingerprint).toBeNull();
    const shipped = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(shipped.statusCode).toBe(409);
    // Once the cases are booked into the warehouse (MRN recorded), the certificate is issued.
    await bookIntoWarehouse(buyer);
    const issued = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['content-type']).toBe('application/pdf');
  });

  it('issues a storage certificate for a paid invoice naming client, wines, case numbers and warehouse', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await bookIntoWarehouse(buyer);
    const certificate = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const fingerprint = certificate.headers['x-certificate-fingerprint'] as string;
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const documentId = certificate.headers['x-document-id'] as string;
    expect(documentId).toMatch(/^[a-z2-9]{12}$/);
    const purchased = await purchasedPositions(buyer);
    expect(order.vintageTitles).toHaveLength(2);
    expect(purchased.length).toBeGreaterThan(0);
    const certificateText = pdfText(certificate.rawPayload);
    for (const expected of [
      'Einlagerungszertifikat',
      `Ausgestellt am ${today()} für Frau Erika Probst`,
      `Rechnung ${order.invoiceNumber}`,
      ...order.vintageTitles,
      ...purchased.flatMap((row) => (row.storageId ?? '').split(', ')),
      'Zollfreilager Genf, Schweiz',
      '100 % versichert',
      '13,5 °C',
      '70 % Luftfeuchtigkeit',
      `Echtheit prüfen (QR-Code oder Adresse): http://portal.test/verify/${documentId}`,
      `Dokument-ID ${documentId}`,
    ]) {
      expect(certificateText).toContain(expected);
    }
    expect(pdfHasImage(certificate.rawPayload)).toBe(true);
  });

  it('verifies a certificate by its fingerprint without naming the client, and rejects unknown ones', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await bookIntoWarehouse(buyer);
    const certificate = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    const fingerprint = certificate.headers['x-certificate-fingerprint'] as string;
    const again = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    expect(again.headers['x-certificate-fingerprint']).toBe(fingerprint);
    const verified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(verified.body).not.toContain('Probst');
    expect(verified.body).not.toContain('neueres Zertifikat');
    const forged = await portal.app.inject({ method: 'GET', url: `/verify/${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(404);
    const wrongToken = await portal.app.inject({
      method: 'GET',
      url: '/certificate/not-the-right-token-at-all',
    });
    expect(wrongToken.statusCode).toBe(404);
  });

  it('reissues the certificate when staff correct case numbers; the old one verifies as replaced', async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await bookIntoWarehouse(buyer);
    const first = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    const fingerprint = first.headers['x-certificate-fingerprint'] as string;
    const [position] = await purchasedPositions(buyer);
    const corrected = await portal.gql<{ updateStorageId: { success: boolean } }>(
      CORRECT_STORAGE_ID,
      { id: position?.id, storage: '77001' },
      { token: staff },
    );
    expect(corrected.data?.updateStorageId.success).toBe(true);
    // The corrected numbers count as stored once the warehouse's next signed report holds them.
    await importWarehouseReport();

    const reissued = await portal.app.inject({ method: 'GET', url: `/certificate/${order.pdfToken}` });
    const newFingerprint = reissued.headers['x-certificate-fingerprint'] as string;
    expect(newFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(newFingerprint).not.toBe(fingerprint);
    expect(pdfText(reissued.rawPayload)).toContain('77001');
    const oldVerified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(oldVerified.statusCode).toBe(200);
    expect(oldVerified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(oldVerified.body).toContain(
      `Für diese Einlagerung wurde am ${today()} ein neueres Zertifikat ausgestellt, das dieses ersetzt.`,
    );
    const newVerified = await portal.app.inject({ method: 'GET', url: `/verify/${newFingerprint}` });
    expect(newVerified.statusCode).toBe(200);
    expect(newVerified.body).not.toContain('neueres Zertifikat');
  });
});
