import { useState } from 'react';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import {
  type InvoiceCheckInvoice,
  type InvoiceCheckPosition,
  useChangeInvoicePosition,
  useDeleteInvoicePosition,
} from '../api/backoffice-invoices';

/**
 * The edit state of an invoice's positions: the selected row, the confirmation of its deletion,
 * and the saves of amount and price (a failure is notified by the query client, the edit stays).
 */
export function useInvoicePositionEditing(invoice: InvoiceCheckInvoice) {
  const changePosition = useChangeInvoicePosition();
  const deletePosition = useDeleteInvoicePosition();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const selected = invoice.positions.find((position) => position.id === selectedId) ?? null;

  const save = async (position: InvoiceCheckPosition, change: { amount?: string; buyPriceBtl?: string }) => {
    // A failure is notified by the query client; the edit stays open.
    await changePosition.mutateAsync({ invoicePositionId: position.id, ...change });
    showSuccessNotice(`${position.vintageTitle}: die Summen der Rechnung wurden neu berechnet.`, {
      title: 'Position gespeichert',
    });
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await deletePosition.mutateAsync(selected.id);
      showSuccessNotice(`${selected.vintageTitle} wurde von der Rechnung entfernt.`, {
        title: 'Position gelöscht',
      });
      setSelectedId(null);
    } catch {
      // Notified by the query client.
    } finally {
      setConfirmingDelete(false);
    }
  };

  return {
    selectedId,
    select: setSelectedId,
    selected,
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    deleting: deletePosition.isPending,
    save,
    remove,
  };
}

export type InvoicePositionEditing = ReturnType<typeof useInvoicePositionEditing>;
