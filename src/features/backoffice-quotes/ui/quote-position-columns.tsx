import { Button, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { EditableCell } from '../../../components/backoffice/EditableCell';
import { lineSales } from '../../../domain/backoffice-quotes';
import { EURO_INPUT } from '../../../domain/backoffice-validation';
import { formatEuro } from '../../../domain/money';
import type { ManualQuotePosition } from '../api/backoffice-quotes';
import type { QuotePositionsView } from '../api/use-quote-positions';
import {
  quoteBottleNote,
  quoteEuro,
  quotePercent,
  quotePositionMargin,
  quotePositionProblem,
  quoteWineLabel,
} from '../model/quote-positions';

type Editing = Pick<QuotePositionsView, 'save' | 'askDelete'> & { readOnly: boolean };

/** The confirmation's line of an edit: "Preis je Flasche von Opus One 2019: 350,00 € → 360,00 €". */
const describeEdit =
  (position: ManualQuotePosition, what: string, show: (value: string) => string = (value) => value) =>
  (from: string, to: string) => (
    <Text>
      {what} von {quoteWineLabel(position)}: {from ? show(from) : '–'} → {show(to)}
    </Text>
  );

function WineCell({ position }: { position: ManualQuotePosition }) {
  const note = quoteBottleNote(position);
  return (
    <Text size="sm">
      {quoteWineLabel(position)}
      {note && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({note})
        </Text>
      )}
    </Text>
  );
}

/** Price, EKP and cases, edited in the cell and confirmed before saving. */
function editedColumns({ save, readOnly }: Editing): DataTableColumn<ManualQuotePosition>[] {
  return [
    {
      accessor: 'sellPriceBtl',
      sortable: true,
      title: 'Preis/Flasche',
      render: (position) => (
        <EditableCell
          label={`Preis ${quoteWineLabel(position)}`}
          saved={position.sellPriceBtl}
          inputFormat={EURO_INPUT}
          disabled={readOnly}
          validate={quotePositionProblem('newPriceBtl')}
          describeChange={describeEdit(position, 'Preis je Flasche', quoteEuro)}
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
          label={`EKP ${quoteWineLabel(position)}`}
          saved={position.ekpBtl ?? ''}
          inputFormat={EURO_INPUT}
          disabled={readOnly}
          validate={quotePositionProblem('newEkpBtl')}
          describeChange={describeEdit(position, 'EKP je Flasche', quoteEuro)}
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
          label={`Kisten ${quoteWineLabel(position)}`}
          saved={String(position.amount)}
          width={70}
          disabled={readOnly}
          validate={quotePositionProblem('amount')}
          describeChange={describeEdit(position, 'Kisten')}
          onSave={(value) => save(position, { amount: value })}
        />
      ),
    },
  ];
}

/** Sales and margin as computed for the row, and LÖSCHEN. */
function resultColumns({ askDelete, readOnly }: Editing): DataTableColumn<ManualQuotePosition>[] {
  return [
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
      render: (position) => quotePercent(quotePositionMargin(position)),
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
          aria-label={`${quoteWineLabel(position)} löschen`}
          onClick={() => askDelete(position)}
        >
          LÖSCHEN
        </Button>
      ),
    },
  ];
}

/** The columns of a quote's positions. */
export function quotePositionColumns(editing: Editing): DataTableColumn<ManualQuotePosition>[] {
  return [
    {
      accessor: 'wineTitle',
      title: 'Wein',
      sortable: true,
      render: (position) => <WineCell position={position} />,
    },
    { accessor: 'region', title: 'Region', sortable: true },
    ...editedColumns(editing),
    ...resultColumns(editing),
  ];
}
