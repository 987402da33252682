import { Button } from '@mantine/core';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { lineTotalCents } from '../../../domain/offer-pricing';
import { countLabel } from '../../../domain/plural';
import type { InvoiceCheckInvoice, InvoiceCheckPosition } from '../api/backoffice-invoices';
import { invoicePositionColumns } from './invoice-position-columns';
import { useInvoicePositionEditing } from './use-invoice-position-editing';

/**
 * The chosen invoice's positions: amount (cases) and price per bottle edited inline with
 * confirmation, a selected row removed with "Position löschen" (confirmed), and the history per position.
 */
export function InvoicePositionsTable({
  invoice,
  query,
  editable,
}: {
  invoice: InvoiceCheckInvoice;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Only while the invoice is in the check (CHECK_NEEDED). */
  editable: boolean;
}) {
  const editing = useInvoicePositionEditing(invoice);
  const { selected, selectedId } = editing;

  return (
    <>
      <BackofficeTable<InvoiceCheckPosition>
        label="Rechnungspositionen"
        testId="invoice-positions"
        records={invoice.positions}
        columns={invoicePositionColumns(editing, editable)}
        query={query}
        idAccessor="id"
        initialSort={{ columnAccessor: 'id', direction: 'asc' }}
        searchText={(position) => `${position.vintageTitle} ${position.bottleSize.title}`}
        sortValue={(position, accessor) =>
          accessor === 'availableCases'
            ? position.offer.availableCases
            : accessor === 'buyPriceBtl'
              ? Number(position.buyPriceBtl)
              : accessor === 'sumStr'
                ? lineTotalCents(position.amount, position.caskOf, position.buyPriceBtl)
                : (position as unknown as Record<string, unknown>)[accessor]
        }
        emptyText="Diese Rechnung hat keine Positionen."
        onRowClick={editable ? (position) => editing.select(position.id) : undefined}
        rowBackground={(position) =>
          position.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined
        }
        toolbar={
          editable ? (
            <Button
              color="red"
              variant="light"
              disabled={!selected}
              onClick={editing.askDelete}
              title={selected ? undefined : 'Bitte zuerst eine Position auswählen'}
            >
              Position löschen
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        opened={editing.confirmingDelete && selected !== null}
        title="Position löschen?"
        confirmLabel="Löschen"
        confirmColor="red"
        loading={editing.deleting}
        onConfirm={() => void editing.remove()}
        onCancel={editing.cancelDelete}
      >
        {selected
          ? `${selected.vintageTitle} (${countLabel(selected.amount, 'Kiste')}) wird von der Rechnung #${invoice.id} entfernt. Die Summen werden neu berechnet.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
