import { Badge, Radio, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { EditableCell } from '../../../components/backoffice/EditableCell';
import {
  invoicePositionAmountProblem,
  invoicePositionPriceProblem,
} from '../../../domain/backoffice-invoices';
import { EURO_INPUT } from '../../../domain/backoffice-validation';
import { decimalToCents, formatEuro } from '../../../domain/money';
import { caseFormat } from '../../../domain/packaging';
import { countLabel } from '../../../domain/plural';
import { AuditLogButton } from '../../backoffice-audit';
import type { InvoiceCheckPosition } from '../api/backoffice-invoices';
import type { InvoicePositionEditing } from './use-invoice-position-editing';

const euro = (price: string) => formatEuro(decimalToCents(price));

/**
 * The columns of an invoice's positions: a radio to select a row, amount and price per bottle
 * edited in the cell (confirmed) while the invoice is in check, availability and history.
 */
export function invoicePositionColumns(
  { selectedId, select, save }: Pick<InvoicePositionEditing, 'selectedId' | 'select' | 'save'>,
  editable: boolean,
): DataTableColumn<InvoiceCheckPosition>[] {
  return [
    {
      accessor: 'select',
      title: '',
      width: 44,
      render: (position) => (
        <Radio
          aria-label={`${position.vintageTitle} auswählen`}
          checked={position.id === selectedId}
          onChange={() => select(position.id)}
          onClick={(event) => event.stopPropagation()}
        />
      ),
    },
    { accessor: 'vintageTitle', title: 'Wein', sortable: true },
    {
      accessor: 'caskOf',
      title: 'Gebinde',
      sortable: true,
      render: (position) => caseFormat(position.caskOf, position.bottleSize.title),
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
            inputFormat={EURO_INPUT}
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
}
