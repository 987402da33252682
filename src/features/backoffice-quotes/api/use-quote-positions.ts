import { useState } from 'react';
import { SAVED_NOTICE_MS, showSuccessNotice } from '../../../components/feedback/success-notice';
import { quoteWineLabel } from '../model/quote-positions';
import { type ManualQuotePosition, useManualQuotes, useUpdateManualQuotePosition } from './backoffice-quotes';

export interface QuotePositionChange {
  newPriceBtl?: string;
  newEkpBtl?: string;
  amount?: string;
  delete?: boolean;
}

/**
 * The positions of a quote as their table edits them: a change saved with its notice, the position
 * asked to be deleted. `save` rejects on a refusal (notified by the query client), so the cell's
 * edit stays open.
 */
export function useQuotePositions() {
  const quotes = useManualQuotes();
  const update = useUpdateManualQuotePosition();
  const [deleting, setDeleting] = useState<ManualQuotePosition | null>(null);

  const save = async (position: ManualQuotePosition, change: QuotePositionChange) => {
    await update.mutateAsync({ positionId: position.id, ...change });
    showSuccessNotice(`${quoteWineLabel(position)} ${change.delete ? 'gelöscht' : 'gespeichert'}.`, {
      autoClose: SAVED_NOTICE_MS,
    });
  };

  return {
    quotes,
    save,
    saving: update.isPending,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    /** Deletes the position asked about; the question closes either way. */
    confirmDelete: () => {
      if (!deleting) return Promise.resolve();
      return save(deleting, { delete: true })
        .catch(() => undefined)
        .finally(() => setDeleting(null));
    },
  };
}

export type QuotePositionsView = ReturnType<typeof useQuotePositions>;
