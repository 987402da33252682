import { Button, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { formatDate } from '../../../domain/dates';
import { AuditLogButton } from '../../backoffice-audit';
import {
  type ManualQuote,
  useArchiveManualQuote,
  useCreateManualQuote,
  useDeleteManualQuote,
  useDuplicateManualQuote,
  useManualQuotes,
} from '../api/backoffice-quotes';
import { EmailPromptModal } from './EmailPromptModal';
import { QuoteLinkButtons } from './QuoteLinkButtons';
import { QuoteModal } from './QuoteModal';

type Dialog =
  | { kind: 'create' }
  | { kind: 'duplicate'; quote: ManualQuote }
  | { kind: 'delete'; quote: ManualQuote }
  | { kind: 'archive'; quote: ManualQuote }
  | null;

/**
 * Tab "Angebote": the adviser's manual quotes. "Angebot erstellen" asks for the customer e-mail;
 * each row archives, duplicates (for another e-mail), copies the quote and set-password links and
 * deletes; a click on a row opens the quote.
 */
export function QuotesTab() {
  const quotes = useManualQuotes();
  const create = useCreateManualQuote();
  const duplicate = useDuplicateManualQuote();
  const archive = useArchiveManualQuote();
  const remove = useDeleteManualQuote();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [openQuoteId, setOpenQuoteId] = useState<number | null>(null);
  const openQuote = quotes.data?.find((quote) => quote.id === openQuoteId) ?? null;
  const stop = (event: React.MouseEvent) => event.stopPropagation();

  const columns: DataTableColumn<ManualQuote>[] = [
    {
      accessor: 'archive',
      title: 'Archivieren',
      render: (quote) => (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Angebot für ${quote.email} archivieren`}
          onClick={(event) => {
            stop(event);
            setDialog({ kind: 'archive', quote });
          }}
        >
          Archivieren
        </Button>
      ),
    },
    {
      accessor: 'duplicate',
      title: 'Duplizieren',
      render: (quote) => (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Angebot für ${quote.email} duplizieren`}
          onClick={(event) => {
            stop(event);
            setDialog({ kind: 'duplicate', quote });
          }}
        >
          Duplizieren
        </Button>
      ),
    },
    { accessor: 'links', title: 'Links', render: (quote) => <QuoteLinkButtons quote={quote} /> },
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
    {
      accessor: 'datetime',
      title: 'Erstellt',
      sortable: true,
      render: (quote) => formatDate(quote.datetime),
    },
    {
      accessor: 'investmentSumPicked',
      title: 'Summe',
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (quote) => quote.investmentSumPickedStr,
    },
    {
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
            onClick={() => setDialog({ kind: 'delete', quote })}
          >
            Löschen
          </Button>
        </Group>
      ),
    },
  ];

  const close = () => setDialog(null);
  const run = async <T,>(mutation: Promise<T>, saved: string, after?: (result: T) => void) => {
    // A failure is notified by the query client; the dialog stays open.
    if (!(await reportSuccess(mutation, saved))) return;
    close();
    after?.(await mutation);
  };

  return (
    <>
      <BackofficeTable
        label="Manuelle Angebote"
        testId="manual-quotes"
        records={quotes.data}
        columns={columns}
        query={quotes}
        idAccessor="id"
        initialSort={{ columnAccessor: 'datetime', direction: 'desc' }}
        searchText={(quote) => `${quote.email} ${quote.investmentSumPickedStr}`}
        sortValue={(quote, accessor) =>
          accessor === 'investmentSumPicked'
            ? Number(quote.investmentSumPicked)
            : (quote as unknown as Record<string, unknown>)[accessor]
        }
        emptyText="Noch keine Angebote."
        onRowClick={(quote) => setOpenQuoteId(quote.id)}
        toolbar={<Button onClick={() => setDialog({ kind: 'create' })}>Angebot erstellen</Button>}
      />
      <EmailPromptModal
        opened={dialog?.kind === 'create'}
        title="Angebot erstellen"
        loading={create.isPending}
        onCancel={close}
        onSubmit={(email) => {
          const creating = create.mutateAsync(email);
          void run(creating, `Angebot für ${email} erstellt.`, (payload) => {
            if (payload.manualQuote) setOpenQuoteId(payload.manualQuote.id);
          });
          return creating;
        }}
      />
      <EmailPromptModal
        opened={dialog?.kind === 'duplicate'}
        title="Angebot duplizieren"
        initialEmail={dialog?.kind === 'duplicate' ? dialog.quote.email : ''}
        loading={duplicate.isPending}
        onCancel={close}
        onSubmit={(email) => {
          if (dialog?.kind !== 'duplicate') return Promise.resolve();
          const duplicating = duplicate.mutateAsync({ id: dialog.quote.id, email });
          void run(duplicating, `Angebot für ${email} dupliziert.`);
          return duplicating;
        }}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'archive'}
        title="Angebot archivieren?"
        confirmLabel="Archivieren"
        loading={archive.isPending}
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'archive' && void run(archive.mutateAsync(dialog.quote.id), 'Angebot archiviert.')
        }
      >
        {dialog?.kind === 'archive' && (
          <Text>
            Das Angebot für {dialog.quote.email} verschwindet aus der Liste und aus den Angeboten des Kunden.
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Angebot löschen?"
        confirmLabel="Löschen"
        confirmColor="red"
        loading={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'delete' && void run(remove.mutateAsync(dialog.quote.id), 'Angebot gelöscht.')
        }
      >
        {dialog?.kind === 'delete' && (
          <Text>
            Das Angebot für {dialog.quote.email} ({dialog.quote.investmentSumPickedStr}) wird mit allen
            Positionen gelöscht.
          </Text>
        )}
      </ConfirmDialog>
      {openQuote && <QuoteModal quote={openQuote} onClose={() => setOpenQuoteId(null)} />}
    </>
  );
}
