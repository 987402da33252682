/**
 * The demo invoices: every purchase of a demo client (the depot positions bought on one day)
 * has its paid invoice, dated on the purchase day and paid then, and the invoices are numbered in
 * date order, `YYYY-NNNN` running from 0001 in each year without a gap (as the portal numbers
 * them, `nextInvoiceNumber`), so the next invoice the portal writes continues the series. The
 * orders still being checked (`invoiceSeeds`) have no number yet.
 */
import { businessDay } from '../../../src/domain/dates';
import type { AccountKey } from '../data/accounts';
import { depotPositionSeeds, invoiceSeeds } from '../data/depot';
import { daysBefore } from '../deterministic';

export interface PlannedInvoice {
  key: string;
  client: AccountKey;
  stage: 'PAID' | 'CHECK_NEEDED';
  /** `YYYY-NNNN`; null while the order is being checked. */
  invoiceNumber: string | null;
  /** The invoice date, `YYYY-MM-DD` (Europe/Berlin). */
  invoiceDate: string;
  /** When the binding order was placed. */
  createdAt: Date;
  /** The payment, which is the purchase of its depot positions; null while unpaid. */
  paidAt: Date | null;
  /** Indexes in `depotPositionSeeds` of the positions bought with it. */
  depotIndexes: number[];
}

/** Days between the binding order and its payment (the availability check in between). */
const ORDER_DAYS_BEFORE_PAYMENT = 2;

export function demoInvoicePlan(now: Date): PlannedInvoice[] {
  const clientOf = (position: (typeof depotPositionSeeds)[number]): AccountKey => position.client ?? 'kunde';
  const purchaseKeys = [
    ...new Set(depotPositionSeeds.map((position) => `${clientOf(position)}-${position.purchasedDaysAgo}`)),
  ];
  const purchaseDays = purchaseKeys
    .map((key) => {
      const [client, days] = key.split('-') as [AccountKey, string];
      return { client, daysAgo: Number(days) };
    })
    .sort((a, b) => b.daysAgo - a.daysAgo);
  const perYear = new Map<string, number>();
  const purchases: PlannedInvoice[] = purchaseDays.map(({ client, daysAgo }) => {
    const paidAt = daysBefore(now, daysAgo);
    const invoiceDate = businessDay(paidAt);
    const year = invoiceDate.slice(0, 4);
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    return {
      key: `${client}-${daysAgo}`,
      client,
      stage: 'PAID',
      invoiceNumber: `${year}-${String(sequence).padStart(4, '0')}`,
      invoiceDate,
      createdAt: daysBefore(paidAt, ORDER_DAYS_BEFORE_PAYMENT),
      paidAt,
      depotIndexes: depotPositionSeeds.flatMap((position, index) =>
        position.purchasedDaysAgo === daysAgo && clientOf(position) === client ? [index] : [],
      ),
    };
  });
  const inCheck: PlannedInvoice[] = invoiceSeeds.map((seed) => {
    const createdAt = daysBefore(now, seed.daysAgo);
    return {
      key: seed.key,
      client: seed.client,
      stage: seed.stage,
      invoiceNumber: null,
      invoiceDate: businessDay(createdAt),
      createdAt,
      paidAt: null,
      depotIndexes: [],
    };
  });
  return [...purchases, ...inCheck];
}

/** The number of the demo client's newest invoice (tests find it on the screens). */
export function newestDemoInvoiceNumber(now: Date): string {
  const numbered = demoInvoicePlan(now).filter(
    (invoice) => invoice.invoiceNumber && invoice.client === 'kunde',
  );
  return numbered.at(-1)?.invoiceNumber ?? '';
}
