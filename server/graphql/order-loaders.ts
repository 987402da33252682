import DataLoader from 'dataloader';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoicePositions } from '../db/schema';

type InvoicePositionRow = typeof invoicePositions.$inferSelect;

/** Per-request batch loaders of the checkout: the positions of invoices. */
export function createOrderLoaders(db: Database) {
  return {
    invoicePositionsByInvoice: new DataLoader<number, InvoicePositionRow[]>(async (ids) => {
      const rows = await db
        .select()
        .from(invoicePositions)
        .where(inArray(invoicePositions.invoiceId, [...ids]))
        .orderBy(asc(invoicePositions.id));
      return ids.map((id) => rows.filter((row) => row.invoiceId === id));
    }),
  };
}
