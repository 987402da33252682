import { Button, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { EditableCell } from '../../../components/backoffice/EditableCell';
import { SAVED_NOTICE_MS, showSuccessNotice } from '../../../components/feedback/success-notice';
import { lineCost, lineSales, marginPercent, quotePositionProblems } from '../../../domain/backoffice-quotes';
import { EURO_INPUT } from '../../../domain/backoffice-validation';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import {
  type ManualQuote,
  type ManualQuotePosition,
  useManualQuotes,
  useUpdateManualQuotePosition,
} from '../api/backoffice-quotes';

const euro = (value: string | null) => (value === null ? '–' : formatEuro(decimalToCents(value)));
const percent = (value: number | null) =>
  value === null
    ? '–'
    : `${value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
const wineLabel = (position: ManualQuotePosition) => `${position.wineTitle} ${position.year}`;

/** Whether the bottle differs from the default 6 × 0,75l and so is shown. */
const bottleNote = (position: ManualQuotePosition) => {
  const size = position.offer.bottleSize.title;
  return size === '0,75l' && position.caskOf === 6 ? null : `${position.caskOf} × ${size}`;
};

/** Sort value of a column: prices in cents, sales and margin as computed for the row. */
function positionSortValue(position: ManualQuotePosition, accessor: string): unknown {
  switch (accessor) {
    case 'sellPriceBtl':
      return decimalToCents(position.sellPriceBtl);
    case 'ekpBtl':
      return position.ekpBtl === null ? null : decimalToCents(position.ekpBtl);
    case 'sales':
      return lineSales(position);
    case 'margin':
      return marginPercent(lineSales(position), lineCost(position));
    default:
      return (position as unknown as Record<string, unknown>)[accessor];
  }
}

/**
 * The positions of a quote: price, EKP and cases edited inline (validated, confirmed before
 * saving), LÖSCHEN with a confirmation, sales and margin per position.
 */
export function QuotePositionsTable({ quote, readOnly }: { quote: ManualQuote; readOnly: boolean }) {
  const quotes = useManualQuotes();
  const update = useUpdateManualQuotePosition();
  const [deleting, setDeleting] = useState<ManualQuotePosition | null>(null);

  const save = async (
    position: ManualQuotePosition,
    change: { newPriceBtl?: string; newEkpBtl?: string; amount?: string; delete?: boolean },
  ) => {
    // A refusal is notified by the query client; the edit stays open.
    await update.mutateAsync({ positionId: position.id, ...change });
    showSuccessNotice(`${wineLabel(position)} ${change.delete ? 'gelöscht' : 'gespeichert'}.`, {
      autoClose: SAVED_NOTICE_MS,
    });
  };
  const problemOf = (field: 'newPriceBtl' | 'newEkpBtl' | 'amount') => (value: string) =>
    quotePositionProblems({ [field]: value }).find((problem) => problem.field === field)?.message ?? null;
  const describeEdit =
    (position: ManualQuotePosition, what: string, show: (value: string) => string = (value) => value) =>
    (from: string, to: string) => (
      <Text>
        {what} von {wineLabel(position)}: {from ? show(from) : '–'} → {show(to)}
      </Text>
    );

  const columns: DataTableColumn<ManualQuotePosition>[] = [
    {
      accessor: 'wineTitle',
      title: 'Wein',
      sortable: true,
      render: (position) => (
        <Text size="sm">
          {wineLabel(position)}
          {bottleNote(position) && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({bottleNote(position)})
            </Text>
          )}
        </Text>
      ),
    },
    { accessor: 'region', title: 'Region', sortable: true },
    {
      accessor: 'sellPriceBtl',
      sortable: true,
      title: 'Preis/Flasche',
      render: (position) => (
        <EditableCell
          label={`Preis ${wineLabel(position)}`}
          saved={position.sellPriceBtl}
          inputFormat={EURO_INPUT}
          disabled={readOnly}
          validate={problemOf('newPriceBtl')}
          describeChange={describeEdit(position, 'Preis je Flasche', euro)}
          onSave={(value) => save(position, { newPriceBtl: value })}
        />
      ),
    },
    {
      accessor: 'ekpBtl',
      sortable: true,
      title: 'EKP/Flasche',
      render: (position) => (
        <EditableCell
          label={`EKP ${wineLabel(position)}`}
          saved={position.ekpBtl ?? ''}
          inputFormat={EURO_INPUT}
          disabled={readOnly}
          validate={problemOf('newEkpBtl')}
          describeChange={describeEdit(position, 'EKP je Flasche', euro)}
          onSave={(value) => save(position, { newEkpBtl: value })}
        />
      ),
    },
    {
      accessor: 'amount',
      sortable: true,
      title: 'Kisten',
      render: (position) => (
        <EditableCell
          label={`Kisten ${wineLabel(position)}`}
          saved={String(position.amount)}
          width={70}
          disabled={readOnly}
          validate={problemOf('amount')}
          describeChange={describeEdit(position, 'Kisten')}
          onSave={(value) => save(position, { amount: value })}
        />
      ),
    },
    {
      accessor: 'sales',
      sortable: true,
      title: 'Umsatz',
      textAlign: 'right',
      render: (position) => formatEuro(lineSales(position)),
    },
    {
      accessor: 'margin',
      sortable: true,
      title: 'Marge',
      textAlign: 'right',
      render: (position) => percent(marginPercent(lineSales(position), lineCost(position))),
    },
    {
      accessor: 'delete',
      title: '',
      textAlign: 'right',
      render: (position) => (
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          disabled={readOnly}
          aria-label={`${wineLabel(position)} löschen`}
          onClick={() => setDeleting(position)}
        >
          LÖSCHEN
        </Button>
      ),
    },
  ];

  return (
    <>
      <BackofficeTable
        label={`Positionen des Angebots für ${quote.email}`}
        testId="quote-positions"
        records={quote.recommendedPosition}
        columns={columns}
        query={quotes}
        idAccessor="id"
        initialSort={{ columnAccessor: 'id', direction: 'asc' }}
        searchText={(position) => `${wineLabel(position)} ${position.region}`}
        sortValue={positionSortValue}
        emptyText="Noch keine Positionen. Fügen Sie oben Weine hinzu."
        pageSize={50}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Position löschen?"
        confirmLabel="Löschen"
        confirmColor="red"
        loading={update.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          save(deleting, { delete: true })
            .catch(() => undefined)
            .finally(() => setDeleting(null));
        }}
      >
        {deleting && (
          <Text>
            {countLabel(deleting.amount, 'Kiste')} {wineLabel(deleting)} zu {euro(deleting.sellPriceBtl)} je
            Flasche werden aus dem Angebot entfernt.
          </Text>
        )}
      </ConfirmDialog>
    </>
  );
}
