import { type InvoiceStage, stageIs } from '../../../domain/invoice-stages';

/** What the check of an invoice in `stage` allows. */
export interface InvoiceCheckActions {
  /** Positions change and "Prüfung abschließen" is offered: only while it is being checked. */
  editable: boolean;
  /** Date and number can be corrected until the client starts the payment (the server's rule). */
  correctable: boolean;
  /** "Stornieren" is offered. */
  cancellable: boolean;
}

export function invoiceCheckActions(stage: InvoiceStage): InvoiceCheckActions {
  const editable = stage === 'CHECK_NEEDED';
  return {
    editable,
    correctable: editable || stage === 'CHECK_DONE',
    cancellable: stageIs(stage, 'cancellable'),
  };
}

/** The client as the check names them: first and last name, else the e-mail address. */
export function invoiceCustomerName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The invoice as its texts name it: its number once it has one, else its id. */
export function invoiceReference(invoice: { id: number; invoiceNumber?: string | null }): string {
  return invoice.invoiceNumber ?? `#${invoice.id}`;
}

/** The colour of the stage's badge: orange in the check, grey cancelled, green beyond. */
export function invoiceStageColor(stage: InvoiceStage): 'orange' | 'gray' | 'green' {
  if (stage === 'CHECK_NEEDED') return 'orange';
  return stage === 'CANCELLED' ? 'gray' : 'green';
}
