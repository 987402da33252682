import { Badge, Button, Radio, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AuditLogButton } from '../../../components/backoffice/AuditLogButton';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { EditableCell } from '../../../components/backoffice/EditableCell';
import {
  invoicePositionAmountProblem,
  invoicePositionPriceProblem,
} from '../../../domain/backoffice-invoices';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { lineTotalCents } from '../../../domain/offer-pricing';
import { countLabel } from '../../../domain/plural';
import {
  type InvoiceCheckInvoice,
  type InvoiceCheckPosition,
  useChangeInvoicePosition,
  useDeleteInvoicePosition,
} from '../../../queries/backoffice-invoices';

const euro = (price: string) => formatEuro(decimalToCents(price));

/**
 * The chosen invoice's positions: amount (cases) and price per bottle edited inline with
 * confirmation, a selected row removed with DELETE (confirmed), and the history per position.
 */
export function InvoicePositionsTable({
  invoice,
  query,
  editable,
}: {
  invoice: InvoiceCheckInvoice;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Only while the invoice is in check needed. */
  editable: boolean;
}) {
  const changePosition = useChangeInvoicePosition();
  const deletePosition = useDeleteInvoicePosition();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const selected = invoice.positions.find((position) => position.id === selectedId) ?? null;

  const save = async (position: InvoiceCheckPosition, change: { amount?: string; buyPriceBtl?: string }) => {
    // A failure is notified by the query client; the edit stays open.
    await changePosition.mutateAsync({ invoicePositionId: position.id, ...change });
    notifications.show({
      color: 'green',
      title: 'Position gespeichert',
      message: `${position.vintageTitle}: die Summen der Rechnung wurden neu berechnet.`,
    });
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await deletePosition.mutateAsync(selected.id);
      notifications.show({
        color: 'green',
        title: 'Position gelöscht',
        message: `${selected.vintageTitle} wurde von der Rechnung entfernt.`,
      });
      setSelectedId(null);
    } catch {
      // Notified by the query client.
    } finally {
      setConfirmingDelete(false);
    }
  };

  const columns: DataTableColumn<InvoiceCheckPosition>[] = [
    {
      accessor: 'select',
      title: '',
      width: 44,
      render: (position) => (
        <Radio
          aria-label={`${position.vintageTitle} auswählen`}
          checked={position.id === selectedId}
          onChange={() => setSelectedId(position.id)}
          onClick={(event) => event.stopPropagation()}
        />
      ),
    },
    { accessor: 'vintageTitle', title: 'Wein', sortable: true },
    {
      accessor: 'caskOf',
      title: 'Gebinde',
      sortable: true,
      render: (position) => `${position.caskOf} × ${position.bottleSize.title}`,
    },
    {
      accessor: 'amount',
      title: 'Kisten',
      sortable: true,
      render: (position) =>
        editable ? (
          <EditableCell
            label={`Kisten ${position.vintageTitle}`}
            saved={String(position.amount)}
            validate={invoicePositionAmountProblem}
            width={90}
            describeChange={(from, to) =>
              `${position.vintageTitle}: Anzahl Kisten von ${from} auf ${to} ändern?`
            }
            onSave={(amount) => save(position, { amount })}
          />
        ) : (
          position.amount
        ),
    },
    {
      accessor: 'buyPriceBtl',
      title: 'Preis/Flasche (€)',
      sortable: true,
      render: (position) =>
        editable ? (
          <EditableCell
            label={`Preis pro Flasche ${position.vintageTitle}`}
            saved={position.buyPriceBtl}
            validate={invoicePositionPriceProblem}
            describeChange={(from, to) =>
              `${position.vintageTitle}: Preis pro Flasche von ${euro(from)} auf ${euro(to)} ändern?`
            }
            onSave={(buyPriceBtl) => save(position, { buyPriceBtl })}
          />
        ) : (
          position.buyPriceBtlStr
        ),
    },
    { accessor: 'sumStr', title: 'Summe', textAlign: 'right', noWrap: true, sortable: true },
    {
      accessor: 'availableCases',
      title: 'Verfügbar',
      sortable: true,
      render: (position) =>
        editable ? (
          <Badge
            variant="light"
            color={position.offer.availableCases >= position.amount ? 'green' : 'red'}
            title="Kisten, die das Angebot derzeit noch auf seinen Einkaufstranchen hat"
          >
            {countLabel(position.offer.availableCases, 'Kiste')}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            reserviert
          </Text>
        ),
    },
    {
      accessor: 'conditionReport',
      title: 'Zustandsbericht',
      sortable: true,
      render: (position) => (position.conditionReport ? 'ja' : 'nein'),
    },
    {
      accessor: 'history',
      title: '',
      render: (position) => (
        <AuditLogButton entity="invoice_position" entityId={position.id} label={position.vintageTitle} />
      ),
    },
  ];

  return (
    <>
      <BackofficeTable<InvoiceCheckPosition>
        label="Rechnungspositionen"
        testId="invoice-positions"
        records={invoice.positions}
        columns={columns}
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
        onRowClick={editable ? (position) => setSelectedId(position.id) : undefined}
        rowBackground={(position) =>
          position.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined
        }
        toolbar={
          editable ? (
            <Button
              color="red"
              variant="light"
              disabled={!selected}
              onClick={() => setConfirmingDelete(true)}
              title={selected ? undefined : 'Bitte zuerst eine Position auswählen'}
            >
              DELETE
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        opened={confirmingDelete && selected !== null}
        title="Position löschen?"
        confirmLabel="Löschen"
        confirmColor="red"
        loading={deletePosition.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      >
        {selected
          ? `${selected.vintageTitle} (${countLabel(selected.amount, 'Kiste')}) wird von der Rechnung #${invoice.id} entfernt. Die Summen werden neu berechnet.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
