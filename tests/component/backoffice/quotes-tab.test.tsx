import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuotesTab } from '../../../src/features/backoffice-quotes/ui/QuotesTab';
import { type GraphQLHandler, renderWithApp } from '../support/render';
import { manualQuote, quoteAnswer } from './quote-fixture';

const quote = manualQuote({ invoice: { id: 31, stage: 'CHECK_NEEDED', invoiceNumber: null } });

const server: GraphQLHandler = ({ operationName }) => {
  if (operationName === 'ManualQuotes') return { getAllManualQuotes: [quote] };
  if (operationName === 'ArchiveManualQuote') return { archiveManualQuote: quoteAnswer(quote) };
  return {};
};

describe('Tab "Angebote"', () => {
  it('lists the quotes with their invoice and sum, and archives one after asking', async () => {
    const { user, requests } = renderWithApp(<QuotesTab />, { graphql: server });
    const table = await screen.findByTestId('manual-quotes');
    const row = (await within(table).findByText('kunde@example.org')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rechnung erstellt')).toBeTruthy();
    expect(within(row).getByText('4.200,00 €')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Angebot für kunde@example.org archivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Angebot archivieren?' });
    expect(within(dialog).getByText(/verschwindet aus der Liste/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Archivieren' }));
    expect(await screen.findByText('Angebot archiviert.')).toBeTruthy();
    expect(requests.filter((r) => r.operationName === 'ArchiveManualQuote').map((r) => r.variables)).toEqual([
      { id: 12 },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Angebot archivieren?' })).toBeNull();
  });
});
