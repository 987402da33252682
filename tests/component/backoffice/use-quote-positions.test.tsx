import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useQuotePositions } from '../../../src/features/backoffice-quotes/api/use-quote-positions';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';
import { manualQuote, quoteAnswer } from './quote-fixture';

const quote = manualQuote();
const [position] = quote.recommendedPosition;

function server(refusal?: string): GraphQLHandler {
  return ({ operationName }) => {
    if (operationName === 'ManualQuotes') return { getAllManualQuotes: [quote] };
    if (operationName === 'UpdateManualQuotePosition')
      return { updateManualQuotePosition: quoteAnswer(quote, refusal) };
    return {};
  };
}

const updates = (requests: { operationName: string; variables: Record<string, unknown> }[]) =>
  requests.filter((r) => r.operationName === 'UpdateManualQuotePosition').map((r) => r.variables);

describe('useQuotePositions', () => {
  if (!position) throw new Error('the fixture has a position');

  it('saves a new price and tells so', async () => {
    const { result, requests } = renderHookWithApp(useQuotePositions, { graphql: server() });
    await act(() => result.current.save(position, { newPriceBtl: '360.00' }));
    expect(updates(requests)).toEqual([{ positionId: 81, newPriceBtl: '360.00' }]);
    expect(await screen.findByText('Opus One 2019 gespeichert.')).toBeTruthy();
  });

  it('rejects a refused change, so the cell stays in its edit', async () => {
    const { result } = renderHookWithApp(useQuotePositions, { graphql: server('Der Preis ist zu niedrig.') });
    await act(() => expect(result.current.save(position, { newPriceBtl: '1.00' })).rejects.toThrow());
  });

  it('deletes the position asked about and closes the question', async () => {
    const { result, requests } = renderHookWithApp(useQuotePositions, { graphql: server() });
    act(() => result.current.askDelete(position));
    expect(result.current.deleting?.id).toBe(81);
    await act(() => result.current.confirmDelete());
    expect(updates(requests)).toEqual([{ positionId: 81, delete: true }]);
    expect(await screen.findByText('Opus One 2019 gelöscht.')).toBeTruthy();
    expect(result.current.deleting).toBeNull();
  });

  it('closes the question also when the server refuses the deletion', async () => {
    const { result } = renderHookWithApp(useQuotePositions, {
      graphql: server('Das Angebot ist abgerechnet.'),
    });
    act(() => result.current.askDelete(position));
    await act(() => result.current.confirmDelete());
    expect(result.current.deleting).toBeNull();
  });
});
