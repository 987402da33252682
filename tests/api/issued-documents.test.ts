/**
 * Documents issued once, checkable by anyone: every download of a certificate, an invoice or a
 * settlement returns the same bytes; the certificate prints its verify address and document id (no
 * hash that is not the file's), `/verify/<id>` shows the SHA-256 that `sha256sum` gives for the
 * file, the QR code holds that short address and decodes from a 70 dpi rendering, the file's hash
 * leads to the page, and a later certificate of the same invoice supersedes the earlier one, which
 * stays verifiable.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depotPositionStatuses,
  depotPositions,
  invoicePositions,
  invoices,
  issuedDocuments,
  users,
  vintages,
} from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pdfText } from './support/pdf-text';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a phone's camera reads off a poor scan: the page rendered at 70 dpi, decoded by zbarimg. */
function qrCodesAt70Dpi(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'weindepot-qr-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .map((name) => path.join(dir, name));
    const output = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', ...pages], {
      encoding: 'utf8',
    });
    return output.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What poppler's pdfsig says about the file's signatures (it exits non-zero for an invalid one). */
function pdfsig(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'weindepot-sig-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    try {
      return execFileSync('pdfsig', [file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TZ: 'UTC' },
      });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? '');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databaseTargets)('Ausgestellte Dokumente (%s)', (target) => {
  let portal: TestPortal;
  let kundeId: number;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const [kunde] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    kundeId = kunde?.id as number;
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  /** The demo client's newest paid invoice: one case in bond, others shipping or en primeur. */
  async function newestInvoice() {
    const rows = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, kundeId), isNotNull(invoices.paidAt)))
      .orderBy(asc(invoices.invoiceDate));
    const invoice = rows.at(-1);
    if (!invoice) throw new Error('Die Demo-Kundin hat keine bezahlte Rechnung');
    return invoice;
  }

  const get = (url: string) => portal.app.inject({ method: 'GET', url });

  it('returns the same bytes on every download of a certificate, and /verify/<id> shows the SHA-256 sha256sum gives', async () => {
    const invoice = await newestInvoice();
    const url = `/certificate/${invoice.invoicePdfViewPermissionToken}`;
    const first = await get(url);
    const second = await get(url);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const id = first.headers['x-document-id'] as string;
    expect(id).toMatch(/^[a-z2-9]{12}$/);
    expect(first.headers['x-document-sha256']).toBe(sha256(first.rawPayload));

    const verifyUrl = `${portal.config.publicUrl}/verify/${id}`;
    expect(verifyUrl.length - portal.config.publicUrl.length).toBeLessThanOrEqual(40);
    const text = pdfText(first.rawPayload);
    expect(text).toContain(verifyUrl);
    expect(text).toContain(`Dokument-ID ${id}`);
    expect(text).toContain('Die Datei ist elektronisch signiert.');
    // The file cannot print its own hash; it prints none that is not its own.
    expect(text).not.toContain('SHA-256)');
    expect(text).not.toMatch(/\b[0-9a-f]{64}\b/);

    const page = await get(`/verify/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Einlagerungszertifikat echt</h1>');
    expect(page.body).toContain(
      `<span class="fingerprint" data-testid="document-sha256">${sha256(first.rawPayload)}</span>`,
    );
    expect(page.body).toContain('1 Kiste im Zollfreilager bestätigt');
    expect(page.body).not.toContain('Ersetzt');

    // The hash of the file, the obvious thing to look up, leads to the same page.
    const byHash = await get(`/verify/${sha256(first.rawPayload)}`);
    expect(byHash.statusCode).toBe(303);
    expect(byHash.headers.location).toBe(`/verify/${id}`);
    const unknown = await get('/verify/aaaaaaaaaaaa');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Zu dieser Dokument-ID hat das Weindepot kein Dokument ausgestellt.');
  });

  it('puts the short verify address in a QR code that decodes from a 70 dpi rendering', async () => {
    const invoice = await newestInvoice();
    const pdf = await get(`/certificate/${invoice.invoicePdfViewPermissionToken}`);
    const id = pdf.headers['x-document-id'] as string;
    expect(qrCodesAt70Dpi(pdf.rawPayload)).toEqual([`${portal.config.publicUrl}/verify/${id}`]);
  });

  it('issues a new certificate with its own id when its cases change; the earlier one stays verifiable as superseded', async () => {
    const invoice = await newestInvoice();
    const url = `/certificate/${invoice.invoicePdfViewPermissionToken}`;
    const before = await get(url);
    const oldId = before.headers['x-document-id'] as string;

    // A shipping case arrives in the warehouse with its customs reference.
    const shipping = (
      await portal.db
        .select({ position: depotPositions, title: vintages.title })
        .from(depotPositions)
        .innerJoin(invoicePositions, eq(invoicePositions.id, depotPositions.invoicePositionId))
        .innerJoin(vintages, eq(vintages.id, depotPositions.vintageId))
        .where(eq(invoicePositions.invoiceId, invoice.id))
    ).find((row) => row.title.startsWith('Château Cheval Blanc'));
    expect(shipping).toBeDefined();
    const now = new Date();
    await portal.db.insert(depotPositionStatuses).values({
      depotPositionId: shipping?.position.id as number,
      status: 'IN_BOND',
      datetimeStatusUpdate: now,
    });
    await portal.db
      .update(depotPositions)
      .set({ mrn: '26FR3300000088888A', mrnDate: now.toISOString().slice(0, 10) })
      .where(eq(depotPositions.id, shipping?.position.id as number));

    const after = await get(url);
    const newId = after.headers['x-document-id'] as string;
    expect(newId).not.toBe(oldId);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect((await get(url)).rawPayload.equals(after.rawPayload)).toBe(true);

    const old = await get(`/verify/${oldId}`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<h1>Einlagerungszertifikat echt</h1>');
    expect(old.body).toContain(`<a href="/verify/${newId}">Dokument ${newId}</a>`);
    expect(old.body).toContain(sha256(before.rawPayload));
    const current = await get(`/verify/${newId}`);
    expect(current.body).not.toContain('Ersetzt');
    expect(current.body).toContain(sha256(after.rawPayload));
  });

  it('signs every issued document: pdfsig finds the signature valid, made when it was issued, and a changed byte breaks it', async () => {
    const invoice = await newestInvoice();
    for (const url of [
      `/certificate/${invoice.invoicePdfViewPermissionToken}`,
      `/invoices/${invoice.invoicePdfViewPermissionToken}.pdf`,
    ]) {
      const pdf = (await get(url)).rawPayload;
      const report = pdfsig(pdf);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signature Type: adbe.pkcs7.detached');
      expect(report).toContain('Total document signed');
      expect(report).toContain(`Signer Certificate Common Name: ${portal.config.documentSigning.signerName}`);
      expect(portal.config.documentSigning.signerName).toBe(
        'Weindepot Muster GmbH (Demo) - Dokumentsignatur (selbst ausgestellt)',
      );
      const id = (await get(url)).headers['x-document-id'] as string;
      const [issued] = await portal.db.select().from(issuedDocuments).where(eq(issuedDocuments.id, id));
      // pdfsig prints the CMS signing time in the process's zone (UTC here), to the second.
      const [month, day, year, time] = new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .format(issued?.issuedAt)
        .replace(',', '')
        .split(/,? /);
      expect(report).toContain(`Signing Time: ${month} ${day} ${year} ${time}`);
      const page = await get(`/verify/${id}`);
      expect(page.body).toContain(
        `Elektronisch signiert bei der Ausstellung von „${portal.config.documentSigning.signerName}“ (CMS-Signatur, SHA-256 mit RSA).`,
      );
      expect(page.body).toContain('Das Zertifikat hat das Weindepot selbst ausgestellt');

      // One byte of the document's title changed, inside the signed range: the signature fails.
      const tampered = Buffer.from(pdf);
      const at = tampered.indexOf('/Title');
      tampered[at + 1] = 'X'.charCodeAt(0);
      expect(pdfsig(tampered)).not.toContain('Signature is Valid.');
    }
  });

  it('returns the same bytes on every download of an invoice', async () => {
    const invoice = await newestInvoice();
    const url = `/invoices/${invoice.invoicePdfViewPermissionToken}.pdf`;
    const first = await get(url);
    const second = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe(
      `inline; filename="Rechnung-${invoice.invoiceNumber}.pdf"`,
    );
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const page = await get(`/verify/${first.headers['x-document-id']}`);
    expect(page.body).toContain('<h1>Rechnung echt</h1>');
    expect(page.body).toContain(sha256(first.rawPayload));
  });
});
