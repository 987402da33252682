import DataLoader from 'dataloader';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoicePositions } from '../db/schema';
import { documentsOf, type InvoiceDocumentRow } from '../services/invoice-documents';
import { type InvoiceRow, listOrderListInvoices } from '../services/invoices';
import { listOrderPositions, type OrderPositionRow } from '../services/orders';

type InvoicePositionRow = typeof invoicePositions.$inferSelect;

/** Reads once per request and key (the order list asks for the same rows in several fields). */
function memo<Key, Value>(read: (key: Key) => Promise<Value>): (key: Key) => Promise<Value> {
  const reads = new Map<Key, Promise<Value>>();
  return (key) => {
    let value = reads.get(key);
    if (!value) {
      // A Drizzle query is a thenable that runs again on every `then`: settled once here.
      value = Promise.resolve(read(key));
      reads.set(key, value);
    }
    return value;
  };
}

/**
 * Per-request loaders of the checkout: the positions of invoices, and a client's order list and
 * recent invoices, each read once per request (the order list screen asks for the
 * positions in two fields and for the invoices in five stage groups).
 */
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
    /** The cancellation and final invoices issued about invoices. */
    invoiceDocumentsByInvoice: new DataLoader<number, InvoiceDocumentRow[]>(async (ids) => {
      const rows = await documentsOf(db, ids);
      return ids.map((id) => rows.filter((row) => row.invoiceId === id));
    }),
    /** The client's order-list positions, oldest first. */
    orderPositions: memo<number, OrderPositionRow[]>((userId) => listOrderPositions(db, userId)),
    /** The client's own invoices as the order list shows them (every stage), newest first. */
    orderListInvoices: memo<number, InvoiceRow[]>((userId) => listOrderListInvoices(db, userId)),
  };
}
