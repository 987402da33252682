import { Text } from '@mantine/core';
import { BackofficeTable } from '../../../components/backoffice/BackofficeTable';
import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { countLabel } from '../../../domain/plural';
import type { ManualQuote } from '../api/backoffice-quotes';
import { useQuotePositions } from '../api/use-quote-positions';
import {
  quoteEuro,
  quotePositionSearchText,
  quotePositionSortValue,
  quoteWineLabel,
} from '../model/quote-positions';
import { quotePositionColumns } from './quote-position-columns';

/**
 * The positions of a quote: price, EKP and cases edited inline (validated, confirmed before
 * saving), LÖSCHEN with a confirmation, sales and margin per position.
 */
export function QuotePositionsTable({ quote, readOnly }: { quote: ManualQuote; readOnly: boolean }) {
  const view = useQuotePositions();
  const { deleting } = view;
  return (
    <>
      <BackofficeTable
        label={`Positionen des Angebots für ${quote.email}`}
        testId="quote-positions"
        records={quote.recommendedPosition}
        columns={quotePositionColumns({ save: view.save, askDelete: view.askDelete, readOnly })}
        query={view.quotes}
        idAccessor="id"
        initialSort={{ columnAccessor: 'id', direction: 'asc' }}
        searchText={quotePositionSearchText}
        sortValue={quotePositionSortValue}
        emptyText="Noch keine Positionen. Fügen Sie oben Weine hinzu."
        pageSize={50}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Position löschen?"
        confirmLabel="Löschen"
        confirmColor="red"
        loading={view.saving}
        onCancel={view.cancelDelete}
        onConfirm={() => void view.confirmDelete()}
      >
        {deleting && (
          <Text>
            {countLabel(deleting.amount, 'Kiste')} {quoteWineLabel(deleting)} zu{' '}
            {quoteEuro(deleting.sellPriceBtl)} je Flasche werden aus dem Angebot entfernt.
          </Text>
        )}
      </ConfirmDialog>
    </>
  );
}
