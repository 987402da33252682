import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceUserKey } from '../../src/api/session/session-store';
import {
  BILLING_INCOMPLETE,
  ORDER_LIST_BLOCKED_TEXT,
  ORDER_LIST_EMPTY,
} from '../../src/domain/order-list-texts';
import { AccountSettingsProvider } from '../../src/features/account/ui/account-settings';
import type { OrderListData } from '../../src/features/order-list/api/orders';
import { clearOutbox, queueOrderChange } from '../../src/features/order-list/api/outbox-store';
import { OrderListScreen } from '../../src/features/order-list/ui/OrderListScreen';
import { clientUser } from '../unit/support/session-user';
import { billingPerson, invoice, orderList, orderPosition } from './order-list-fixture';
import { GraphQLErrors, type GraphQLHandler, renderWithApp, type SentRequest } from './support/render';

const applied = { success: true, errors: [] };

/** The server of `list` (once failing when `failFirst`); binding orders and removals are accepted. */
function server(list: OrderListData, { failFirst = false } = {}): GraphQLHandler {
  let failures = failFirst ? 1 : 0;
  return ({ operationName }) => {
    if (operationName === 'OrderList') {
      return failures-- > 0 ? new GraphQLErrors([{ message: 'Unexpected error.' }]) : list;
    }
    // No account answer: the account dialog does not nudge (its own tests do).
    if (operationName === 'AccountMe') return { me: null };
    if (operationName === 'UnseenPaymentThanks') return { unseenPaymentThanks: null };
    if (operationName === 'DeleteOrderPosition') return { deleteOrderPosition: applied };
    if (operationName === 'CreateInvoice') {
      return { createInvoice: { ...applied, invoice: { id: 5, stage: 'CHECK_NEEDED' } } };
    }
    return {};
  };
}

const sent = (requests: SentRequest[], operationName: string) =>
  requests
    .filter((request) => request.operationName === operationName)
    .map(({ variables: { clientMutationId: _id, ...variables } }) => variables);

/** The screen inside the admin frame's account dialog, which "Adresse bearbeiten" opens. */
const screenOfOrderList = (
  <AccountSettingsProvider>
    <OrderListScreen />
  </AccountSettingsProvider>
);

const withSassicaia = orderList({ positions: [orderPosition()] });

beforeEach(async () => {
  await clearOutbox();
});

describe('Seite "Mein Orderbuch"', () => {
  it('shows the position with its prices, the sums in euros and the billing data', async () => {
    renderWithApp(screenOfOrderList, { graphql: server(withSassicaia) });
    expect(await screen.findByRole('heading', { name: 'Mein Orderbuch' })).toBeTruthy();
    const position = await screen.findByTestId('order-position');
    expect(within(position).getByText('Sassicaia 2019')).toBeTruthy();
    expect(within(position).getByTestId('order-position-price').textContent).toBe(
      '750,00 € je Kiste (125,00 € je Flasche)',
    );
    expect((within(position).getByRole('textbox', { name: 'Kisten' }) as HTMLInputElement).value).toBe('2');
    expect(screen.getByText('1.500,00 €')).toBeTruthy();
    expect(screen.getByTestId('order-overall-sum').textContent).toBe('1.629,35 €');
    expect(screen.getByText(/Anna Berger/).textContent).toContain('Weinbergstraße 1');
    expect(screen.queryByText(BILLING_INCOMPLETE)).toBeNull();
  });

  it('sends the binding order after asking', async () => {
    const { user, requests } = renderWithApp(screenOfOrderList, { graphql: server(withSassicaia) });
    await user.click(await screen.findByRole('button', { name: 'Verbindlich bestellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verbindliche Bestellung' });
    expect(sent(requests, 'CreateInvoice')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich bestellen' }));
    await waitFor(() => expect(sent(requests, 'CreateInvoice')).toEqual([{}]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verbindliche Bestellung' })).toBeNull());
  });

  it('removes a position only after the question', async () => {
    const { user, requests } = renderWithApp(screenOfOrderList, { graphql: server(withSassicaia) });
    await user.click(await screen.findByRole('button', { name: 'Sassicaia 2019 entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sassicaia 2019 entfernen?' });
    expect(sent(requests, 'DeleteOrderPosition')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(sent(requests, 'DeleteOrderPosition')).toEqual([{ orderPositionId: 41 }]));
  });

  it('shows an add waiting on the device as waiting, counted in the sum', async () => {
    await queueOrderChange(deviceUserKey(clientUser), {
      kind: 'create',
      offerId: 12,
      amount: 1,
      title: 'Ornellaia 2016',
      offer: { caskOf: 6, priceBtl: '125.00', year: 2016, bottleSize: '0,75 l', winery: 'Ornellaia' },
    });
    renderWithApp(screenOfOrderList, { graphql: server(withSassicaia) });
    await waitFor(() => expect(screen.getAllByTestId('order-position')).toHaveLength(2));
    const waiting = screen.getAllByTestId('order-position')[1] as HTMLElement;
    expect(within(waiting).getByText('Ornellaia 2016')).toBeTruthy();
    expect(within(waiting).getByText('Wartet auf Verbindung')).toBeTruthy();
    expect(screen.getByText('1 Änderung wartet auf Verbindung')).toBeTruthy();
    expect(screen.getByTestId('order-overall-sum').textContent).toBe('2.444,02 €');
  });

  it('asks for the billing data before the order can be sent', async () => {
    renderWithApp(screenOfOrderList, {
      graphql: server(orderList({ positions: [orderPosition()], me: { ...billingPerson, city: null } })),
    });
    expect(await screen.findByText(BILLING_INCOMPLETE)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Verbindlich bestellen' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('leads an empty order list to the offers', async () => {
    renderWithApp(screenOfOrderList, { graphql: server(orderList()) });
    expect(await screen.findByText(ORDER_LIST_EMPTY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Top Angeboten' }).getAttribute('href')).toBe(
      '/admin/weinangebot',
    );
    expect(screen.queryByRole('button', { name: 'Verbindlich bestellen' })).toBeNull();
  });

  it('shows the order being checked and that nothing can be added meanwhile', async () => {
    const checked = orderList({
      invoices: { check_needed: [invoice(3, 'CHECK_NEEDED')] },
      me: { ...billingPerson, blockedByOrderCheck: true },
    });
    renderWithApp(screenOfOrderList, { graphql: server(checked) });
    const panel = await screen.findByTestId('invoice-check-needed');
    expect(within(panel).getByText('Ihre Bestellung wird geprüft')).toBeTruthy();
    expect(within(panel).getByText('1.629,35 €')).toBeTruthy();
    expect(screen.getByTestId('order-list-blocked').textContent).toBe(ORDER_LIST_BLOCKED_TEXT);
    expect(screen.queryByText(ORDER_LIST_EMPTY)).toBeNull();
  });

  it('says the list could not be loaded and loads it again on request', async () => {
    const { user } = renderWithApp(screenOfOrderList, {
      graphql: server(withSassicaia, { failFirst: true }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Die Orderliste konnte nicht geladen werden.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('order-position')).toBeTruthy();
  });
});
