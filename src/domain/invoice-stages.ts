/**
 * The stages of an invoice (a binding order's or a quote's) and what each one means, in one table:
 * the database's enum is built from `INVOICE_STAGE_KEYS`, and the services, their SQL filters, the
 * order list and the back office ask `INVOICE_STAGES` instead of keeping their own lists. A new
 * stage is then a compile error everywhere it must be decided (`Record<InvoiceStage, …>`). A
 * cancellation invoice (Stornorechnung) is a document of a cancelled invoice, not a stage.
 */

export const INVOICE_STAGE_KEYS = [
  'CHECK_NEEDED',
  'CHECK_DONE',
  'WAITING_FOR_PAYMENT',
  'PAID',
  'PAYMENT_FAILED',
  /** The spec's second paid stage (its invoices read as paid everywhere). */
  'PURCHASED',
  /** Cancelled by staff before payment: stock released, client unblocked. */
  'CANCELLED',
] as const;

export type InvoiceStage = (typeof INVOICE_STAGE_KEYS)[number];

/** The groups the order list and `clientsInvoices(stage:)` ask for (several stages may share one). */
export type InvoiceStageGroup =
  | 'check_needed'
  | 'check_done'
  | 'waiting_for_payment'
  | 'payment_failed'
  | 'paid'
  | 'cancelled';

export interface InvoiceStageRules {
  /** The stage as clients (order list, payment portal, mails) and staff read it. */
  label: string;
  group: InvoiceStageGroup;
  /** Still an open request: the client's order list stays blocked. */
  open: boolean;
  /** The client may (still or again) pay it. */
  payable: boolean;
  /** Its cases are reserved on their tranches (checked), but not yet paid. */
  reserving: boolean;
  /** Staff may cancel it (never once paid). */
  cancellable: boolean;
  paid: boolean;
}

export const INVOICE_STAGES: Readonly<Record<InvoiceStage, InvoiceStageRules>> = {
  CHECK_NEEDED: {
    label: 'In Prüfung',
    group: 'check_needed',
    open: true,
    payable: false,
    reserving: false,
    cancellable: true,
    paid: false,
  },
  CHECK_DONE: {
    label: 'Prüfung abgeschlossen',
    group: 'check_done',
    open: true,
    payable: true,
    reserving: true,
    cancellable: true,
    paid: false,
  },
  WAITING_FOR_PAYMENT: {
    label: 'Zahlung ausstehend',
    group: 'waiting_for_payment',
    open: true,
    payable: true,
    reserving: true,
    cancellable: true,
    paid: false,
  },
  PAYMENT_FAILED: {
    label: 'Zahlung fehlgeschlagen',
    group: 'payment_failed',
    open: true,
    payable: true,
    reserving: true,
    cancellable: true,
    paid: false,
  },
  PAID: {
    label: 'Bezahlt',
    group: 'paid',
    open: false,
    payable: false,
    reserving: false,
    cancellable: false,
    paid: true,
  },
  PURCHASED: {
    label: 'Bezahlt',
    group: 'paid',
    open: false,
    payable: false,
    reserving: false,
    cancellable: false,
    paid: true,
  },
  CANCELLED: {
    label: 'Storniert',
    group: 'cancelled',
    open: false,
    payable: false,
    reserving: false,
    cancellable: false,
    paid: false,
  },
};

type StageFlag = 'open' | 'payable' | 'reserving' | 'cancellable' | 'paid';

/** The stages with `flag` set, in the enum's order (for SQL filters and checks). */
export function stagesWhere(flag: StageFlag): InvoiceStage[] {
  return INVOICE_STAGE_KEYS.filter((stage) => INVOICE_STAGES[stage][flag]);
}

/** The stages of an order-list group. */
export function stagesOfGroup(group: InvoiceStageGroup): InvoiceStage[] {
  return INVOICE_STAGE_KEYS.filter((stage) => INVOICE_STAGES[stage].group === group);
}

export function isInvoiceStage(value: string): value is InvoiceStage {
  return (INVOICE_STAGE_KEYS as readonly string[]).includes(value);
}

/** A rule of a stage the API sent as a string (the PWA's generated types); false for an unknown one. */
export function stageIs(stage: string, flag: StageFlag): boolean {
  return isInvoiceStage(stage) && INVOICE_STAGES[stage][flag];
}

/** The label of a stage; an unknown stage reads as itself. */
export function invoiceStageLabel(stage: string): string {
  return isInvoiceStage(stage) ? INVOICE_STAGES[stage].label : stage;
}
