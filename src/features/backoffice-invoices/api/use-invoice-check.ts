import { useState } from 'react';
import { reportSuccess, showSuccessNotice } from '../../../components/feedback/success-notice';
import { cancellationReasonProblem, formatInvoiceDate } from '../../../domain/backoffice-invoices';
import { invoiceCheckActions, invoiceCustomerName, invoiceReference } from '../model/invoice-check';
import { type InvoiceCheckInvoice, useChangeCheckedInvoice, useMarkRefundDone } from './backoffice-invoices';

/**
 * The check of one invoice as its card shows it: what its stage allows, the open dialog
 * ("Stornieren", "Prüfung abschließen") with the reason typed, and the changes with their notices.
 * A refusal or a failed request is notified by the query client (the one mutation-error path).
 */
export function useInvoiceCheck(invoice: InvoiceCheckInvoice, onChecked: () => void) {
  const change = useChangeCheckedInvoice();
  const markRefundDone = useMarkRefundDone();
  const [confirmingCheck, setConfirmingCheck] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const reasonProblem = cancellationReasonProblem(reason);
  const customerName = invoiceCustomerName(invoice.user);

  const saveDate = async (date: string | null) => {
    if (!date || date === invoice.invoiceDate) return;
    await reportSuccess(
      change.mutateAsync({ invoiceId: invoice.id, date }),
      `Rechnung #${invoice.id} ist vom ${formatInvoiceDate(date)}.`,
      { title: 'Rechnungsdatum gespeichert' },
    );
  };

  const checkDone = async () => {
    try {
      const checked = await change.mutateAsync({ invoiceId: invoice.id, stage: 'CHECK_DONE' });
      setConfirmingCheck(false);
      // The number is given by this change: the notice names it from the server's answer.
      showSuccessNotice(
        `Rechnung ${checked?.invoiceNumber ?? `#${invoice.id}`} ist bereit zur Zahlung; ${customerName} wurde per E-Mail und Push benachrichtigt.`,
        { title: 'Prüfung abgeschlossen' },
      );
      onChecked();
    } catch {
      setConfirmingCheck(false);
    }
  };

  const cancel = async () => {
    if (reasonProblem) return;
    const cancelled = await reportSuccess(
      change.mutateAsync({ invoiceId: invoice.id, stage: 'CANCELLED', reason: reason.trim() || null }),
      `Rechnung ${invoiceReference(invoice)} ist storniert; der Bestand ist freigegeben und ${customerName} wurde per E-Mail informiert.`,
      { title: 'Rechnung storniert' },
    );
    if (cancelled) setCancelling(false);
  };

  return {
    ...invoiceCheckActions(invoice.stage),
    customerName,
    invoiceLink: invoice.stripeInvoicePdfUrl ?? invoice.hostedInvoiceUrl,
    saving: change.isPending,
    saveDate,
    check: {
      opened: confirmingCheck,
      open: () => setConfirmingCheck(true),
      close: () => setConfirmingCheck(false),
      confirm: checkDone,
    },
    cancellation: {
      opened: cancelling,
      open: () => setCancelling(true),
      close: () => setCancelling(false),
      confirm: cancel,
      reason,
      setReason,
      reasonProblem,
    },
    refund: {
      pending: markRefundDone.isPending,
      markDone: () => markRefundDone.mutate(invoice.id),
    },
  };
}

export type InvoiceCheckView = ReturnType<typeof useInvoiceCheck>;
