/**
 * Storage certificates and paperwork on the demo data: a storage certificate certifies as stored only the
 * cases that count as stored (IN_BOND or FOR_SALE, not en primeur, confirmed by the warehouse's
 * latest signed stock report), lists the
 * invoice's other cases apart with their real state, is refused (409, German page) for an invoice
 * without a stored case, and its verify page shows beside "echt" the state of each listed case
 * today, also for certificates issued before this rule. Every depot position links the invoice
 * that bought it.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  storageCertificates,
  users,
  vintages,
} from '../../server/db/schema';
import { fingerprintOf } from '../../server/services/certificate-content';
import type { DepotStatus } from '../../src/domain/depot-status';
import { deliveryMonth, isStored } from '../../src/domain/storage-state';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { archivalFindings, pdfStructure, pdfText } from './support/pdf-text';
import { importDemoWarehouseReport } from './support/warehouse';

const TOKEN_AUTH =
  'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }';

interface DepotAnswer {
  clientsDepot: {
    id: number;
    storageId: string | null;
    currentStatus: string;
    hasMrn: boolean;
    warehouseConfirmedOn: string | null;
    vintage: { title: string; year: number; enPrimeurDeliveryDate: string | null };
    invoice: { id: number; invoiceNumber: string; invoiceDate: string; pdfUrl: string } | null;
  }[];
  clientsInvoices: { id: number; invoiceNumber: string; stripeInvoicePdfUrl: string }[];
}

/** The text of a certificate from its stored-cases sentence to the next section, and the sections after it. */
function sectionsOf(text: string) {
  const stored = text.indexOf('Die folgenden Weine lagern');
  const pending = text.indexOf('Noch nicht vom Lager bestätigt');
  const transferred = text.indexOf('Verkauft und übertragen (Zweitmarkt)');
  const ends = [pending, transferred, text.indexOf('Echtheit prüfen')].filter((at) => at > stored);
  return {
    stored: text.slice(stored, Math.min(...ends)),
    pending:
      pending < 0
        ? ''
        : text.slice(pending, transferred > pending ? transferred : text.indexOf('Echtheit prüfen')),
  };
}

describe.each(databaseTargets)('Einlagerungszertifikate und Belege der Demodaten (%s)', (target) => {
  let portal: TestPortal;
  let clientToken: string;
  let kundeId: number;

  const path = (url: string) => new URL(url).pathname;
  const depot = async () =>
    (
      await portal.gql<DepotAnswer>(
        `{ clientsDepot { id storageId currentStatus hasMrn warehouseConfirmedOn vintage { title year enPrimeurDeliveryDate }
            invoice { id invoiceNumber invoiceDate pdfUrl } }
           clientsInvoices(stage: "paid") { id invoiceNumber stripeInvoicePdfUrl } }`,
        {},
        { token: clientToken },
      )
    ).data as DepotAnswer;

  /** The demo client's newest invoice: bought 45 days ago, two wines shipping, one en primeur, one in bond. */
  async function newestInvoice() {
    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, kundeId), isNotNull(invoices.paidAt)))
      .orderBy(asc(invoices.invoiceDate))
      .then((rows) => rows.slice(-1));
    if (!invoice) throw new Error('Die Demo-Kundin hat keine bezahlte Rechnung');
    return invoice;
  }

  /** The depot positions of an invoice with their wine's title. */
  const positionsOf = (invoiceId: number) =>
    portal.db
      .select({ position: depotPositions, title: vintages.title })
      .from(depotPositions)
      .innerJoin(invoicePositions, eq(invoicePositions.id, depotPositions.invoicePositionId))
      .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
      .where(eq(invoicePositions.invoiceId, invoiceId))
      .orderBy(asc(depotPositions.id));

  const importDemoReport = () => importDemoWarehouseReport(portal);

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const signedIn = await portal.gql<{ tokenAuth: { token: string } }>(TOKEN_AUTH, {
      email: 'kunde@example.com',
    });
    clientToken = signedIn.data?.tokenAuth.token as string;
    const [kunde] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    kundeId = kunde?.id as number;
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('states of every paid invoice the same storage the depot cards show (consistency)', async () => {
    const { clientsDepot, clientsInvoices } = await depot();
    const now = new Date();
    const label = (title: string, year: number) =>
      title.endsWith(String(year)) ? title : `${title} ${year}`;
    for (const invoice of clientsInvoices) {
      const positions = clientsDepot.filter((position) => position.invoice?.id === invoice.id);
      // The depot card's rule (src/domain/depot-rows.ts): Lagernummern only for these.
      const stored = positions.filter((position) =>
        isStored(
          {
            status: position.currentStatus as DepotStatus,
            warehouseConfirmedOn: position.warehouseConfirmedOn,
            enPrimeurDeliveryDate: position.vintage.enPrimeurDeliveryDate,
          },
          now,
        ),
      );
      const [row] = await portal.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      const answer = await portal.app.inject({
        method: 'GET',
        url: `/certificate/${row?.invoicePdfViewPermissionToken}`,
      });
      if (stored.length === 0) {
        expect(answer.statusCode, invoice.invoiceNumber).toBe(409);
        continue;
      }
      expect(answer.statusCode, invoice.invoiceNumber).toBe(200);
      const section = sectionsOf(pdfText(answer.rawPayload)).stored;
      for (const position of positions) {
        const wine = label(position.vintage.title, position.vintage.year);
        const ids = (position.storageId ?? '').split(', ').filter(Boolean);
        if (stored.includes(position)) {
          expect(section, wine).toContain(wine);
          for (const id of ids) expect(section, wine).toContain(id);
        } else {
          for (const id of ids) expect(section, wine).not.toContain(id);
        }
      }
    }
  });

  it('certifies as stored only the cases in bond the warehouse confirmed; shipping and en-primeur cases stand apart with their state', async () => {
    const invoice = await newestInvoice();
    const answer = await portal.app.inject({
      method: 'GET',
      url: `/certificate/${invoice.invoicePdfViewPermissionToken}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(archivalFindings(answer.rawPayload)).toEqual([]);
    // The further tables have their own headings; the QR code is a figure (with alternative text).
    expect(pdfStructure(answer.rawPayload)).toEqual(expect.arrayContaining(['H2', 'Figure', 'Link']));
    const text = pdfText(answer.rawPayload);
    const { stored, pending } = sectionsOf(text);
    const rows = await positionsOf(invoice.id);
    const margaux = rows.find((row) => row.title.startsWith('Château Margaux'));
    const [delivery] = await portal.db
      .select({ date: vintages.enPrimeurDeliveryDate })
      .from(vintages)
      .where(eq(vintages.id, margaux?.position.vintageId ?? 0));
    expect(delivery?.date).toBeTruthy();

    // The one case in bond the seeded stock report confirms, with its storage id, under "lagern".
    expect(stored).toContain('Dom Pérignon Brut 2015');
    expect(stored).toMatch(/vom Lager bestätigt am \d{2}\.\d{2}\.\d{4}/);
    const domPerignon = rows.find((row) => row.title.startsWith('Dom Pérignon'));
    expect(domPerignon?.position.mrn).toBeTruthy();
    expect(stored).toContain(domPerignon?.position.storageId as string);
    expect(text).toContain('Kisten im Zollfreilager 1');
    expect(text).toMatch(/Kundennummer WD-\d{6}/);
    // Shipping and en primeur: never under "lagern", without storage ids, with their real state.
    for (const wine of ['Château Cheval Blanc 2019', 'Sassicaia 2019', 'Château Margaux 2025']) {
      expect(stored).not.toContain(wine);
      expect(pending).toContain(wine);
    }
    expect(pending).toContain('in Zustellung');
    expect(pending).toContain(
      `en primeur – Lieferung voraussichtlich ${deliveryMonth(delivery?.date as string)}`,
    );
    expect(pending).not.toMatch(/lagern|eingelagert/);
    for (const row of rows.filter((entry) => entry !== domPerignon)) {
      for (const id of (row.position.storageId ?? '').split(', ').filter(Boolean)) {
        expect(text).not.toContain(id);
      }
    }
  });

  it('shows on /verify beside "echt" what each listed position holds today, and issues a new certificate when it changed', async () => {
    const invoice = await newestInvoice();
    const url = `/certificate/${invoice.invoicePdfViewPermissionToken}`;
    const first = await portal.app.inject({ method: 'GET', url });
    const fingerprint = first.headers['x-certificate-fingerprint'] as string;
    const verified = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(verified.body).toContain('1 Kiste im Zollfreilager bestätigt');
    // What it certified names the Gebinde as the depot does ("1 Kiste à 6 × 0,75l"), the wine without it.
    expect(verified.body).toMatch(
      /<td data-label="Wein">Dom Pérignon Brut 2015<\/td><td data-label="Laut Zertifikat">1 Kiste à \d+\u00a0×\u00a0[\d,]+l eingelagert<\/td>/,
    );
    expect(verified.body).toMatch(/2 Kisten à \d+\u00a0×\u00a0[\d,]+l in Zustellung/);
    expect(verified.body).toMatch(/<th>Stand heute \(\d{2}\.\d{2}\.\d{4}\)<\/th>/);
    expect(verified.body).toContain('2 Kisten noch nicht eingelagert (in Zustellung)');
    expect(verified.body).toContain('noch nicht eingelagert (en primeur – Lieferung voraussichtlich');
    expect(verified.body).not.toContain('Als Nachweis des heutigen Bestands taugt dieses Zertifikat nicht.');
    expect(verified.body).not.toContain('Anna');

    // The case in bond is sold, a shipping case arrives in the warehouse.
    const rows = await positionsOf(invoice.id);
    const domPerignon = rows.find((row) => row.title.startsWith('Dom Pérignon'));
    const chevalBlanc = rows.find((row) => row.title.startsWith('Château Cheval Blanc'));
    const later = new Date();
    await portal.db.insert(depotPositionStatuses).values([
      { depotPositionId: domPerignon?.position.id as number, status: 'SOLD', datetimeStatusUpdate: later },
      { depotPositionId: chevalBlanc?.position.id as number, status: 'IN_BOND', datetimeStatusUpdate: later },
    ]);
    await portal.db
      .update(depotPositions)
      .set({ mrn: '26FR3300000077777A', mrnDate: later.toISOString().slice(0, 10) })
      .where(eq(depotPositions.id, chevalBlanc?.position.id as number));
    // Stored only once the warehouse's next signed report holds it.
    await importDemoReport();

    const old = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(old.body).toContain('1 Kiste inzwischen verkauft');
    expect(old.body).toContain('1 Kiste eingelagert');
    expect(old.body).toContain('Als Nachweis des heutigen Bestands taugt dieses Zertifikat nicht.');

    const next = await portal.app.inject({ method: 'GET', url });
    expect(next.statusCode).toBe(200);
    const newFingerprint = next.headers['x-certificate-fingerprint'] as string;
    expect(newFingerprint).not.toBe(fingerprint);
    const { stored, pending } = sectionsOf(pdfText(next.rawPayload));
    expect(stored).toContain('Château Cheval Blanc 2019');
    expect(stored).not.toContain('Dom Pérignon');
    expect(pdfText(next.rawPayload)).toContain('Verkauft und übertragen (Zweitmarkt)');
    expect(pending).not.toContain('Château Cheval Blanc 2019');
    const replaced = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(replaced.body).toContain('ein neueres Zertifikat ausgestellt, das dieses ersetzt');
  });

  it('keeps a certificate issued before the rule verifying as issued, with today’s state beside its false statement', async () => {
    // As the portal issued them before: version 1, every case of the invoice listed as stored.
    const invoice = await newestInvoice();
    const rows = await positionsOf(invoice.id);
    const lines = await portal.db
      .select()
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoice.id))
      .orderBy(asc(invoicePositions.id));
    const titleOf = new Map(rows.map((row) => [row.position.invoicePositionId, row.title]));
    const content = {
      invoiceNumber: invoice.invoiceNumber as string,
      client: 'Frau Anna Berger',
      issuedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString(),
      positions: lines.map((line) => ({
        wine: titleOf.get(line.id) as string,
        bottleSize: '0,75l',
        cases: line.amount,
        bottlesPerCase: line.caskOf,
        storageIds: rows
          .filter((row) => row.position.invoicePositionId === line.id)
          .map((row) => row.position.storageId)
          .join(', '),
      })),
      facts: {
        warehouse: 'Zollfreilager Genf, Schweiz',
        insurance: '100 % versichert',
        temperature: '13,5 °C',
        humidity: '70 % Luftfeuchtigkeit',
      },
    } as const;
    const fingerprint = fingerprintOf({ ...content, positions: [...content.positions] });
    await portal.db.insert(storageCertificates).values({
      fingerprint,
      invoiceId: invoice.id,
      issuedAt: new Date(content.issuedAt),
      content: { ...content },
    });
    const answer = await portal.app.inject({ method: 'GET', url: `/verify/${fingerprint}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Dieses Einlagerungszertifikat ist echt');
    expect(answer.body).toContain('2 Kisten à 6\u00a0×\u00a00,75l eingelagert');
    expect(answer.body).toContain('2 Kisten noch nicht eingelagert (in Zustellung)');
    expect(answer.body).toContain('Als Nachweis des heutigen Bestands taugt dieses Zertifikat nicht.');
    // A changed byte of its content is not genuine.
    const forged = fingerprintOf({ ...content, positions: [...content.positions], client: 'Herr X' });
    expect((await portal.app.inject({ method: 'GET', url: `/verify/${forged}` })).statusCode).toBe(404);
  });

  it('answers an invoice whose cases were all sold with a German page (409), not a certificate', async () => {
    const paid = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, kundeId), isNotNull(invoices.paidAt)));
    const statusesOf = async (invoiceId: number) => {
      const rows = await positionsOf(invoiceId);
      return Promise.all(
        rows.map(async (row) =>
          (
            await portal.db
              .select()
              .from(depotPositionStatuses)
              .where(eq(depotPositionStatuses.depotPositionId, row.position.id))
          ).map((entry) => entry.status),
        ),
      );
    };
    let soldOnly: (typeof paid)[number] | undefined;
    for (const invoice of paid) {
      const histories = await statusesOf(invoice.id);
      if (histories.length && histories.every((history) => history.includes('SOLD'))) soldOnly = invoice;
    }
    expect(soldOnly).toBeDefined();
    const answer = await portal.app.inject({
      method: 'GET',
      url: `/certificate/${soldOnly?.invoicePdfViewPermissionToken}`,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('Noch kein Einlagerungszertifikat');
    expect(answer.body).toContain('Für diese Rechnung lagert keine Kiste mehr im Zollfreilager Genf');
    expect(answer.body).toContain('verkauft (Zweitmarkt)');
    expect(answer.body).toContain('href="http://portal.test/admin/invoices"');
  });

  it('links every depot position to the invoice that bought it, whose PDF names its wine', async () => {
    const { clientsDepot, clientsInvoices } = await depot();
    expect(clientsDepot.length).toBeGreaterThanOrEqual(14);
    const paidById = new Map(clientsInvoices.map((invoice) => [invoice.id, invoice]));
    for (const position of clientsDepot) {
      expect(position.invoice, position.vintage.title).not.toBeNull();
      const invoice = paidById.get(position.invoice?.id as number);
      expect(invoice?.invoiceNumber).toBe(position.invoice?.invoiceNumber);
      expect(position.invoice?.pdfUrl).toBe(invoice?.stripeInvoicePdfUrl);
    }
    // Every paid invoice bought at least one position.
    expect(new Set(clientsDepot.map((position) => position.invoice?.id))).toEqual(new Set(paidById.keys()));
    const sample = clientsDepot.find((position) => position.vintage.title.startsWith('Pétrus'));
    const pdf = await portal.app.inject({ method: 'GET', url: path(sample?.invoice?.pdfUrl as string) });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Rechnung ${sample?.invoice?.invoiceNumber}`);
    expect(text).toContain('Pétrus 2015');
    expect(text).toContain('Anna Berger Maximilianstraße 12 80539 München');
    // The en-primeur position has no MRN; every in-bond one has.
    const enPrimeur = clientsDepot.filter((position) => position.vintage.enPrimeurDeliveryDate);
    expect(enPrimeur.length).toBeGreaterThan(0);
    for (const position of enPrimeur) expect(position.hasMrn).toBe(false);
    for (const position of clientsDepot.filter((entry) => entry.currentStatus === 'IN_BOND')) {
      expect(position.hasMrn, position.vintage.title).toBe(true);
    }
  });
});
