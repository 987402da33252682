import { useState } from 'react';
import { reportSuccess } from '../../../components/feedback/success-notice';
import {
  type ManualQuote,
  useArchiveManualQuote,
  useCreateManualQuote,
  useDeleteManualQuote,
  useDuplicateManualQuote,
  useManualQuotes,
} from './backoffice-quotes';

/** The dialog open over the list of quotes, with the quote it is about. */
export type QuoteDialog =
  | { kind: 'create' }
  | { kind: 'duplicate'; quote: ManualQuote }
  | { kind: 'delete'; quote: ManualQuote }
  | { kind: 'archive'; quote: ManualQuote }
  | null;

/**
 * The tab "Angebote" as it shows: the quotes, the dialog open and the quote opened, and the
 * changes. A change's dialog closes once the change succeeded, with its notice; a failure is
 * notified by the query client and the dialog stays open.
 */
export function useQuotesView() {
  const quotes = useManualQuotes();
  const create = useCreateManualQuote();
  const duplicate = useDuplicateManualQuote();
  const archive = useArchiveManualQuote();
  const remove = useDeleteManualQuote();
  const [dialog, setDialog] = useState<QuoteDialog>(null);
  const [openQuoteId, setOpenQuoteId] = useState<number | null>(null);
  const close = () => setDialog(null);

  const run = async <T>(mutation: Promise<T>, saved: string, after?: (result: T) => void) => {
    if (!(await reportSuccess(mutation, saved))) return;
    close();
    after?.(await mutation);
  };

  return {
    quotes,
    dialog,
    openQuote: quotes.data?.find((quote) => quote.id === openQuoteId) ?? null,
    showQuote: (quote: ManualQuote) => setOpenQuoteId(quote.id),
    closeQuote: () => setOpenQuoteId(null),
    ask: setDialog,
    close,
    pending: {
      create: create.isPending,
      duplicate: duplicate.isPending,
      archive: archive.isPending,
      remove: remove.isPending,
    },
    /** Creates a quote for `email` and opens it; answers the change for the prompt's field errors. */
    create: (email: string) => {
      const creating = create.mutateAsync(email);
      void run(creating, `Angebot für ${email} erstellt.`, (payload) => {
        if (payload.manualQuote) setOpenQuoteId(payload.manualQuote.id);
      });
      return creating;
    },
    /** Duplicates the quote of the open dialog for `email`; answers the change as `create`. */
    duplicate: (email: string) => {
      if (dialog?.kind !== 'duplicate') return Promise.resolve();
      const duplicating = duplicate.mutateAsync({ id: dialog.quote.id, email });
      void run(duplicating, `Angebot für ${email} dupliziert.`);
      return duplicating;
    },
    archive: () => {
      if (dialog?.kind === 'archive') void run(archive.mutateAsync(dialog.quote.id), 'Angebot archiviert.');
    },
    remove: () => {
      if (dialog?.kind === 'delete') void run(remove.mutateAsync(dialog.quote.id), 'Angebot gelöscht.');
    },
  };
}

export type QuotesView = ReturnType<typeof useQuotesView>;
