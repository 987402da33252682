import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffSellOrder } from '../../../src/features/backoffice-secondary-market/api/use-sell-orders-view';
import { SecondaryMarketTab } from '../../../src/features/backoffice-secondary-market/ui/SecondaryMarketTab';
import { GraphQLErrors, type GraphQLHandler, renderWithApp, type SentRequest } from '../support/render';
import { requestedOrder, soldOrder } from './sell-order-fixture';

const compared: StaffSellOrder = {
  ...requestedOrder,
  houseOffer: { id: 3, priceBtl: '155.00', availableCases: 1 },
  recentResalePrices: [
    {
      sellOrderId: 2,
      status: 'SOLD',
      sellPriceBtl: '148.00',
      cases: 3,
      listedAt: '2026-10-01T10:00:00Z',
      soldAt: '2026-10-05T10:00:00Z',
    },
  ],
};

const answer = (success: boolean, errors: { message: string; field: string | null }[] = []) => ({
  success,
  errors: errors.map((error) => ({ code: 'INVALID', ...error })),
  sellOrder: success ? { id: 7, status: 'LISTED' } : null,
});

/** Requested: one order; sold: one; "Alle" both. Approvals and rejections succeed unless `refuse` says why not. */
function server({ refuse }: { refuse?: string } = {}): GraphQLHandler {
  return ({ operationName, variables }) => {
    if (operationName === 'AllSellOrders') {
      const byStatus: Record<string, StaffSellOrder[]> = { REQUESTED: [compared], SOLD: [soldOrder] };
      return {
        allSellOrders:
          variables.status === null ? [compared, soldOrder] : (byStatus[String(variables.status)] ?? []),
      };
    }
    const outcome = refuse ? answer(false, [{ message: refuse, field: null }]) : answer(true);
    if (operationName === 'ApproveSellOrder') return { approveSellOrder: outcome };
    if (operationName === 'RejectSellOrder') return { rejectSellOrder: outcome };
    return {};
  };
}

const sent = (requests: SentRequest[], operationName: string) =>
  requests.filter((request) => request.operationName === operationName).map((request) => request.variables);
const rowTexts = async () =>
  (await screen.findAllByTestId('sell-order-row')).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('Tab "Zweitmarkt"', () => {
  it('lists the requested orders with seller, wine, cases, prices in euros and status', async () => {
    renderWithApp(<SecondaryMarketTab />, { graphql: server() });
    const [row] = await rowTexts();
    expect(row?.slice(0, 8)).toEqual([
      '7',
      'Erika Mustermannerika@example.org',
      'Ornellaia 2016 (0,75l)Lager-IDs: K-101, K-102',
      '2 × 6 Fl.',
      '150,00 €',
      '–',
      '1.710,00 €erwartet',
      'Angefragt',
    ]);
    const actions = (await screen.findAllByTestId('sell-order-row'))[0] as HTMLElement;
    expect(within(actions).getByRole('button', { name: 'Freigeben' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
  });

  it('shows a sold order with its margin, proceeds and settlement, without approval', async () => {
    const { user, requests } = renderWithApp(<SecondaryMarketTab />, { graphql: server() });
    await screen.findAllByTestId('sell-order-row');
    await user.click(screen.getByRole('radio', { name: 'Verkauft' }));
    await waitFor(() => expect(screen.getByTestId('sell-order-row').textContent).toContain('Verkauft'));
    const row = screen.getByTestId('sell-order-row');
    expect(within(row).getByText('2 verkauft')).toBeTruthy();
    expect(within(row).getByText('Marge 15,00 €')).toBeTruthy();
    expect(within(row).getByText('165,00 €')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Abrechnung' }).getAttribute('href')).toBe(
      '/documents/sell-orders/8/abrechnung.pdf',
    );
    expect(within(row).queryByRole('button', { name: 'Freigeben' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Im Angebot' }));
    expect(await screen.findByText('Keine Verkaufsaufträge in dieser Ansicht.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Alle' }));
    await waitFor(() => expect(screen.getAllByTestId('sell-order-row')).toHaveLength(2));
    expect(sent(requests, 'AllSellOrders')).toEqual([
      { status: 'REQUESTED' },
      { status: 'SOLD' },
      { status: 'LISTED' },
      { status: null },
    ]);
  });

  it('approves at a higher price with the margin shown, against the house offer and earlier sales', async () => {
    const { user, requests } = renderWithApp(<SecondaryMarketTab />, { graphql: server() });
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verkaufsauftrag 7 freigeben' });
    expect(within(dialog).getByText(/2 Kisten Ornellaia 2016 \(0,75l\) von Erika Mustermann/)).toBeTruthy();
    const comparison = within(dialog).getByTestId('approve-price-comparison');
    expect(within(comparison).getByText('Keine Marktbewertung vorhanden')).toBeTruthy();
    expect(within(comparison).getByText('155,00 € (1 Kiste verfügbar)')).toBeTruthy();
    expect(within(comparison).getByText('05.10.2026 · verkauft · 3 Kisten')).toBeTruthy();
    expect(within(comparison).getByText('148,00 € je Flasche')).toBeTruthy();

    const price = within(dialog).getByRole('textbox', { name: 'Verkaufspreis je Flasche für Käufer (€)' });
    expect((price as HTMLInputElement).value).toBe('150,00');
    await user.clear(price);
    await user.paste('162,50');
    expect(within(dialog).getByText('Marge je Flasche: 12,50 €')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Als Angebot listen' }));
    expect(await screen.findByText('Verkaufsauftrag 7 ist jetzt im Angebot.')).toBeTruthy();
    expect(sent(requests, 'ApproveSellOrder')).toEqual([
      { sellOrderId: 7, sellPriceBtl: '162.50', reason: null },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Verkaufsauftrag 7 freigeben' })).toBeNull(),
    );
  });

  it('asks for a reason below the asking price and sends it along', async () => {
    const { user, requests } = renderWithApp(<SecondaryMarketTab />, { graphql: server() });
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verkaufsauftrag 7 freigeben' });
    const price = within(dialog).getByRole('textbox', { name: 'Verkaufspreis je Flasche für Käufer (€)' });
    await user.clear(price);
    await user.paste('140');
    expect(within(dialog).getByText('Marge je Flasche: −10,00 €')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Als Angebot listen' }));
    expect(
      await within(dialog).findByText(/liegt unter dem Wunschpreis der Kundin oder des Kunden/),
    ).toBeTruthy();
    expect(sent(requests, 'ApproveSellOrder')).toEqual([]);

    await user.click(within(dialog).getByRole('textbox', { name: /Grund für den Preis/ }));
    await user.paste('  Kiste mit Etikettschaden ');
    await user.click(within(dialog).getByRole('button', { name: 'Als Angebot listen' }));
    await waitFor(() =>
      expect(sent(requests, 'ApproveSellOrder')).toEqual([
        { sellOrderId: 7, sellPriceBtl: '140.00', reason: 'Kiste mit Etikettschaden' },
      ]),
    );
  });

  it('keeps the approval open with the refusal of the server', async () => {
    const { user } = renderWithApp(<SecondaryMarketTab />, {
      graphql: server({ refuse: 'Der Auftrag ist nicht mehr angefragt.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verkaufsauftrag 7 freigeben' });
    await user.click(within(dialog).getByRole('button', { name: 'Als Angebot listen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Der Auftrag ist nicht mehr angefragt.',
    );
    expect(screen.getByRole('dialog', { name: 'Verkaufsauftrag 7 freigeben' })).toBe(dialog);
  });

  it('rejects only with a reason, which goes to the seller', async () => {
    const { user, requests } = renderWithApp(<SecondaryMarketTab />, { graphql: server() });
    await user.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verkaufsauftrag 7 ablehnen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Grund für die Ablehnung an.')).toBeTruthy();
    expect(sent(requests, 'RejectSellOrder')).toEqual([]);

    await user.click(within(dialog).getByRole('textbox', { name: 'Grund (geht per E-Mail an den Kunden)' }));
    await user.paste('Jahrgang derzeit nicht handelbar');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(
      await screen.findByText('Verkaufsauftrag 7 wurde abgelehnt; der Kunde erhält eine E-Mail.'),
    ).toBeTruthy();
    expect(sent(requests, 'RejectSellOrder')).toEqual([
      { sellOrderId: 7, reason: 'Jahrgang derzeit nicht handelbar' },
    ]);
  });

  it('says so when the orders cannot be loaded', async () => {
    renderWithApp(<SecondaryMarketTab />, {
      graphql: () => new GraphQLErrors([{ message: 'Unexpected error.' }]),
    });
    expect(await screen.findByText('Die Verkaufsaufträge konnten nicht geladen werden.')).toBeTruthy();
    expect(screen.queryByTestId('sell-orders-table')).toBeNull();
  });
});
