import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain/money';
import { sellProceeds, sellTexts } from '../../src/domain/secondary-market';
import { toDepotRow } from '../../src/features/depot/model/depot-rows';
import { SellDialog } from '../../src/features/depot/ui/SellDialog';
import { depotPosition } from '../unit/support/depot-position';
import { type GraphQLHandler, renderWithApp } from './support/render';

/** Two cases of six bottles in bond, valued at 150 € a bottle (Wine-Searcher Europa-Ø). */
const input = depotPosition({
  id: 41,
  amount: 2,
  caskOf: 6,
  buyPriceBtl: '120.00',
  hasMrn: true,
  bottleSize: { title: '0,75l', factorForLiterPrices: '0.7500' },
  depotPositionStatusRel: [
    { status: 'PURCHASED', datetimeStatusUpdate: '2025-01-10T10:00:00Z' },
    { status: 'IN_BOND', datetimeStatusUpdate: '2025-02-10T10:00:00Z' },
  ],
  vintage: {
    id: 410,
    title: 'Ornellaia 2016',
    year: 2016,
    enPrimeurDeliveryDate: null,
    valuationRel: [
      {
        sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
        value: '150.00',
        datetimeCreated: new Date().toISOString(),
      },
    ],
    wine: { title: 'Ornellaia', winery: { title: 'Tenuta dell’Ornellaia', region: { title: 'Toskana' } } },
  },
});
const row = toDepotRow(input, new Date());
const position = { id: input.id, amount: input.amount, caskOf: input.caskOf };

type Reason = { message: string; code: string; field: string | null };

/** Takes the sell order, or refuses it with `refusal`. */
function server(refusal?: Reason): GraphQLHandler {
  return ({ operationName }) =>
    operationName === 'CreateSellOrder'
      ? {
          createSellOrder: refusal
            ? { success: false, errors: [refusal], sellOrder: null }
            : { success: true, errors: [], sellOrder: null },
        }
      : {};
}

async function openDialog(graphql: GraphQLHandler, onClose = () => {}) {
  const rendered = renderWithApp(<SellDialog row={row} position={position} onClose={onClose} />, { graphql });
  const dialog = await screen.findByRole('dialog', { name: 'Ornellaia 2016 verkaufen' });
  return { ...rendered, dialog };
}

const sent = (requests: { operationName: string; variables: Record<string, unknown> }[]) =>
  requests
    .filter((request) => request.operationName === 'CreateSellOrder')
    .map((request) => request.variables);

describe('Dialog "Verkaufen"', () => {
  it('says in German what is wrong with the price and the cases, and goes no further', async () => {
    const { user, requests, dialog } = await openDialog(server());
    const price = within(dialog).getByLabelText('Preis je Flasche (€)');
    await user.clear(price);
    await user.type(price, 'abc');
    expect(within(dialog).getByText(sellTexts.priceInvalid)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    const next = within(dialog).getByRole('button', { name: 'Weiter zur Übersicht' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    await user.clear(price);
    await user.type(price, '150');
    await user.clear(within(dialog).getByLabelText('Anzahl Kisten'));
    expect(within(dialog).getByText(sellTexts.casesInvalid(2))).toBeTruthy();
    expect(next.disabled).toBe(true);
    await user.type(price, '{Enter}');
    expect(within(dialog).queryByTestId('sell-summary')).toBeNull();
    expect(sent(requests)).toEqual([]);
  });

  it('shows the expected proceeds, sums them up and sends the sell order', async () => {
    let closed = 0;
    const { user, requests, dialog } = await openDialog(server(), () => closed++);
    const cases = within(dialog).getByLabelText('Anzahl Kisten');
    await user.clear(cases);
    await user.type(cases, '1');
    const price = within(dialog).getByLabelText('Preis je Flasche (€)');
    await user.clear(price);
    await user.type(price, '155,50');
    const net = formatEuro(sellProceeds(1, 6, 15_550).net);
    expect(within(dialog).getByTestId('expected-proceeds').textContent).toBe(net);

    await user.click(within(dialog).getByRole('button', { name: 'Weiter zur Übersicht' }));
    expect(within(dialog).getByTestId('summary-proceeds').textContent).toBe(net);
    await user.click(within(dialog).getByRole('button', { name: 'Verkaufsauftrag senden' }));

    expect(
      await screen.findByText(
        'Ihr Verkaufsauftrag über 1 Kiste ist eingegangen. Wir prüfen ihn und melden uns.',
      ),
    ).toBeTruthy();
    expect(closed).toBe(1);
    expect(sent(requests)).toEqual([
      { depotPositionId: 41, cases: 1, askPriceBtl: '155.50', confirmDeviation: false },
    ]);
  });

  it('takes the dialog back to the price when the server finds it far from a newer market value', async () => {
    const reason = sellTexts.priceDeviation('45 % unter dem aktuellen Marktwert');
    const { user, dialog } = await openDialog(
      server({ message: reason, code: 'PRICE_DEVIATION', field: 'askPriceBtl' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Weiter zur Übersicht' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verkaufsauftrag senden' }));

    const price = await within(dialog).findByLabelText('Preis je Flasche (€)');
    expect(within(dialog).getByText(reason)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(within(dialog).getByText('Schritt 1 von 2: Kisten und Preis')).toBeTruthy());
  });
});
