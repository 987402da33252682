import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useQuotesView } from '../../../src/features/backoffice-quotes/api/use-quotes-view';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';
import { manualQuote, quoteAnswer } from './quote-fixture';

const quote = manualQuote();
const created = manualQuote({ id: 13, email: 'neu@example.org' });

/** The server's list of quotes, with the one created once it is. */
function server(refusal?: string): GraphQLHandler {
  const list = [quote];
  return ({ operationName }) => {
    if (operationName === 'ManualQuotes') return { getAllManualQuotes: list };
    if (operationName === 'CreateManualQuote') {
      if (!refusal) list.unshift(created);
      return { createManualQuote: quoteAnswer(created, refusal) };
    }
    if (operationName === 'DeleteManualQuote') return { deleteManualQuote: quoteAnswer(quote, refusal) };
    if (operationName === 'DuplicateManualQuote')
      return { duplicateManualQuote: quoteAnswer(created, refusal) };
    return {};
  };
}

const sent = (requests: { operationName: string; variables: Record<string, unknown> }[], name: string) =>
  requests.filter((r) => r.operationName === name).map((r) => r.variables);

describe('useQuotesView', () => {
  it('creates a quote, tells so and opens it', async () => {
    const { result, requests } = renderHookWithApp(useQuotesView, { graphql: server() });
    await waitFor(() => expect(result.current.quotes.data).toHaveLength(1));
    act(() => result.current.ask({ kind: 'create' }));
    await act(() => result.current.create('neu@example.org'));

    expect(sent(requests, 'CreateManualQuote')).toEqual([{ email: 'neu@example.org' }]);
    expect(await screen.findByText('Angebot für neu@example.org erstellt.')).toBeTruthy();
    await waitFor(() => expect(result.current.openQuote?.id).toBe(13));
    expect(result.current.dialog).toBeNull();
  });

  it('keeps the prompt open and hands the refusal to it when the server refuses', async () => {
    const { result } = renderHookWithApp(useQuotesView, {
      graphql: server('Diese E-Mail-Adresse ist ungültig.'),
    });
    act(() => result.current.ask({ kind: 'create' }));
    await act(() => expect(result.current.create('x@example.org')).rejects.toThrow());
    expect(result.current.dialog).toEqual({ kind: 'create' });
    expect(result.current.openQuote).toBeNull();
  });

  it('duplicates the quote of the open dialog for the other address', async () => {
    const { result, requests } = renderHookWithApp(useQuotesView, { graphql: server() });
    await waitFor(() => expect(result.current.quotes.data).toHaveLength(1));
    act(() => result.current.ask({ kind: 'duplicate', quote }));
    await act(async () => {
      await result.current.duplicate('neu@example.org');
    });
    expect(sent(requests, 'DuplicateManualQuote')).toEqual([{ id: 12, email: 'neu@example.org' }]);
    expect(await screen.findByText('Angebot für neu@example.org dupliziert.')).toBeTruthy();
  });

  it('deletes the quote of the dialog, which leaves the list', async () => {
    const { result, requests } = renderHookWithApp(useQuotesView, { graphql: server() });
    await waitFor(() => expect(result.current.quotes.data).toHaveLength(1));
    act(() => result.current.ask({ kind: 'delete', quote }));
    act(() => result.current.remove());
    expect(await screen.findByText('Angebot gelöscht.')).toBeTruthy();
    expect(sent(requests, 'DeleteManualQuote')).toEqual([{ id: 12 }]);
    expect(result.current.dialog).toBeNull();
  });
});
