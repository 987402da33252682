import { Button, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { MouseEvent } from 'react';
import { formatDate } from '../../../domain/dates';
import { AuditLogButton } from '../../backoffice-audit';
import type { ManualQuote } from '../api/backoffice-quotes';
import type { QuoteDialog } from '../api/use-quotes-view';
import { QuoteLinkButtons } from './QuoteLinkButtons';

type Ask = (dialog: QuoteDialog) => void;

// A button in a row acts on its own: the click does not open the quote.
const stop = (event: MouseEvent) => event.stopPropagation();

function RowAction({ quote, label, onClick }: { quote: ManualQuote; label: string; onClick: () => void }) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      aria-label={`Angebot für ${quote.email} ${label.toLowerCase()}`}
      onClick={(event) => {
        stop(event);
        onClick();
      }}
    >
      {label}
    </Button>
  );
}

/** Archive, duplicate and the links: the first columns. */
function quoteActionColumns(ask: Ask): DataTableColumn<ManualQuote>[] {
  return [
    {
      accessor: 'archive',
      title: 'Archivieren',
      render: (quote) => (
        <RowAction quote={quote} label="Archivieren" onClick={() => ask({ kind: 'archive', quote })} />
      ),
    },
    {
      accessor: 'duplicate',
      title: 'Duplizieren',
      render: (quote) => (
        <RowAction quote={quote} label="Duplizieren" onClick={() => ask({ kind: 'duplicate', quote })} />
      ),
    },
    { accessor: 'links', title: 'Links', render: (quote) => <QuoteLinkButtons quote={quote} /> },
  ];
}

/** E-mail (with its invoice), creation date and sum. */
const quoteDataColumns: DataTableColumn<ManualQuote>[] = [
  {
    accessor: 'email',
    title: 'E-Mail',
    sortable: true,
    render: (quote) => (
      <>
        <Text size="sm">{quote.email}</Text>
        {quote.invoice && (
          <Text size="xs" c="dimmed">
            Rechnung {quote.invoice.invoiceNumber ?? 'erstellt'}
          </Text>
        )}
      </>
    ),
  },
  { accessor: 'datetime', title: 'Erstellt', sortable: true, render: (quote) => formatDate(quote.datetime) },
  {
    accessor: 'investmentSumPicked',
    title: 'Summe',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (quote) => quote.investmentSumPickedStr,
  },
];

/** History and delete, at the end of the row. */
function quoteRecordColumn(ask: Ask): DataTableColumn<ManualQuote> {
  return {
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    render: (quote) => (
      <Group gap={4} justify="flex-end" wrap="nowrap" onClick={stop}>
        <AuditLogButton entity="manual_quote" entityId={quote.id} label={`Angebot für ${quote.email}`} />
        <Button
          size="compact-xs"
          color="red"
          variant="subtle"
          aria-label={`Angebot für ${quote.email} löschen`}
          onClick={() => ask({ kind: 'delete', quote })}
        >
          Löschen
        </Button>
      </Group>
    ),
  };
}

/** The columns of the list of manual quotes; `ask` opens a row's dialog. */
export function quoteColumns(ask: Ask): DataTableColumn<ManualQuote>[] {
  return [...quoteActionColumns(ask), ...quoteDataColumns, quoteRecordColumn(ask)];
}
