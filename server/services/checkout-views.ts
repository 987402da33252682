/**
 * What the checkout's HTTP pages read: the local provider's invoice by its provider id, the pay
 * page's view of an invoice (positions with line totals, fee lines) and the customer portal's
 * list of a client's numbered invoices.
 */
import { and, asc, eq } from 'drizzle-orm';
import { formatInvoiceDate } from '../../src/domain/backoffice-invoices';
import { INVOICE_FEE_LINES } from '../../src/domain/invoice-labels';
import { invoiceStageLabel } from '../../src/domain/invoice-stages';
import { decimalToCents, formatEuro } from '../../src/domain/money';
import { lineTotalCents } from '../../src/domain/offer-pricing';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { invoices, users } from '../db/schema';
import { invoicePositionsWithTitles } from './invoices';

type InvoiceRow = typeof invoices.$inferSelect;

export interface PayPageInvoice {
  invoiceNumber: string | null;
  overallSum: string;
  positions: { title: string; amount: number; caskOf: number; sumCents: number }[];
  fees: { label: string; amount: string }[];
}

export interface PortalInvoice {
  invoiceNumber: string | null;
  date: string | null;
  total: string;
  stage: string;
  pdfUrl: string;
}

/** The invoice the local provider knows as `providerInvoiceId`, or null. */
export async function localInvoice(db: Database, providerInvoiceId: string): Promise<InvoiceRow | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentProvider, 'local'), eq(invoices.providerInvoiceId, providerInvoiceId)));
  return invoice ?? null;
}

/** The pay page's view of an invoice: its positions with line totals and its fee lines. */
export async function payPageInvoice(db: Database, invoice: InvoiceRow): Promise<PayPageInvoice> {
  const positions = await invoicePositionsWithTitles(db, invoice.id);
  return {
    invoiceNumber: invoice.invoiceNumber,
    overallSum: invoice.overallSum,
    positions: positions.map(({ position, title }) => ({
      title,
      amount: position.amount,
      caskOf: position.caskOf,
      sumCents: lineTotalCents(position.amount, position.caskOf, position.buyPriceBtl),
    })),
    fees: INVOICE_FEE_LINES.map(({ key, label }) => ({ label, amount: invoice[key] })),
  };
}

/** The customer portal of a client: name and numbered invoices, oldest first; null for no client. */
export async function portalInvoices(
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
  userId: number,
): Promise<{ clientName: string; invoices: PortalInvoice[] } | null> {
  const [client] = await db.select().from(users).where(eq(users.id, userId));
  if (!client) return null;
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.createdAt));
  return {
    clientName: `${client.firstName} ${client.lastName}`,
    invoices: rows
      .filter((invoice) => invoice.invoiceNumber)
      .map((invoice) => ({
        invoiceNumber: invoice.invoiceNumber,
        date: invoice.invoiceDate ? formatInvoiceDate(invoice.invoiceDate) : null,
        total: formatEuro(decimalToCents(invoice.overallSum)),
        stage: invoiceStageLabel(invoice.stage),
        pdfUrl: `${config.publicUrl}/invoices/${invoice.invoicePdfViewPermissionToken}.pdf`,
      })),
  };
}
