import { Button, Text } from '@mantine/core';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { type QuotesView, useQuotesView } from '../api/use-quotes-view';
import { quoteSearchText, quoteSortValue } from '../model/quote-list';
import { EmailPromptModal } from './EmailPromptModal';
import { QuoteModal } from './QuoteModal';
import { quoteColumns } from './quote-columns';

/**
 * Tab "Angebote": the adviser's manual quotes. "Angebot erstellen" asks for the customer e-mail;
 * each row archives, duplicates (for another e-mail), copies the quote and set-password links and
 * deletes; a click on a row opens the quote.
 */
export function QuotesTab() {
  const view = useQuotesView();
  return (
    <>
      <BackofficeTable
        label="Manuelle Angebote"
        testId="manual-quotes"
        records={view.quotes.data}
        columns={quoteColumns(view.ask)}
        query={view.quotes}
        idAccessor="id"
        initialSort={{ columnAccessor: 'datetime', direction: 'desc' }}
        searchText={quoteSearchText}
        sortValue={quoteSortValue}
        emptyText="Noch keine Angebote."
        onRowClick={view.showQuote}
        toolbar={<Button onClick={() => view.ask({ kind: 'create' })}>Angebot erstellen</Button>}
      />
      <QuoteDialogs view={view} />
      {view.openQuote && <QuoteModal quote={view.openQuote} onClose={view.closeQuote} />}
    </>
  );
}

function QuoteDialogs({ view }: { view: QuotesView }) {
  const { dialog } = view;
  return (
    <>
      <EmailPromptModal
        opened={dialog?.kind === 'create'}
        title="Angebot erstellen"
        loading={view.pending.create}
        onCancel={view.close}
        onSubmit={view.create}
      />
      <EmailPromptModal
        opened={dialog?.kind === 'duplicate'}
        title="Angebot duplizieren"
        initialEmail={dialog?.kind === 'duplicate' ? dialog.quote.email : ''}
        loading={view.pending.duplicate}
        onCancel={view.close}
        onSubmit={view.duplicate}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'archive'}
        title="Angebot archivieren?"
        confirmLabel="Archivieren"
        loading={view.pending.archive}
        onCancel={view.close}
        onConfirm={view.archive}
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
        loading={view.pending.remove}
        onCancel={view.close}
        onConfirm={view.remove}
      >
        {dialog?.kind === 'delete' && (
          <Text>
            Das Angebot für {dialog.quote.email} ({dialog.quote.investmentSumPickedStr}) wird mit allen
            Positionen gelöscht.
          </Text>
        )}
      </ConfirmDialog>
    </>
  );
}
