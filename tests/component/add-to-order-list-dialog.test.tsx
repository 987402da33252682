import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_LIST_BLOCKED_TEXT } from '../../src/domain/order-list-texts';
import { clearOutbox } from '../../src/features/order-list/api/outbox-store';
import type { OrderListOffer } from '../../src/features/order-list/api/queued-positions';
import { AddToOrderListDialog } from '../../src/features/order-list/ui/AddToOrderListDialog';
import { type GraphQLHandler, renderWithApp } from './support/render';

const offer = {
  id: 9,
  title: 'Sassicaia 2019',
  queued: {
    caskOf: 6,
    priceBtl: '125.00',
    year: 2019,
    bottleSize: '0,75 l',
    winery: 'Tenuta San Guido',
    availableCases: 5,
  },
} satisfies OrderListOffer;

/** The server of a client whose order list is open; adds succeed unless `refuseAdd` says why not. */
function server({
  blocked = false,
  refuseAdd,
}: {
  blocked?: boolean;
  refuseAdd?: { message: string; code: string; field?: string };
} = {}): GraphQLHandler {
  return ({ operationName, variables }) => {
    if (operationName === 'OrderListBlocked') return { me: { id: 7, blockedByOrderCheck: blocked } };
    if (operationName === 'CreateOrderPosition') {
      return refuseAdd
        ? {
            createOrderPosition: {
              success: false,
              errors: [{ field: null, ...refuseAdd }],
              orderPosition: null,
            },
          }
        : {
            createOrderPosition: {
              success: true,
              errors: [],
              orderPosition: { id: 50, amount: variables.amount, conditionReport: false },
            },
          };
    }
    return {};
  };
}

const dialogProps = { offer, opened: true, onClose: () => {} };

describe('Dialog "Auf Orderliste setzen"', () => {
  beforeEach(async () => {
    await clearOutbox();
  });

  it('adds the chosen cases of the offer, then shows the order list with a toast', async () => {
    const { user, requests, router } = renderWithApp(
      <AddToOrderListDialog {...dialogProps} initialAmount={2} />,
      {
        graphql: server(),
        route: '/admin/angebot/10075282019',
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Auf Orderliste setzen' });
    expect(within(dialog).getByText('Sassicaia 2019')).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: 'Anzahl Kisten' });
    expect((amount as HTMLInputElement).value).toBe('2');
    await user.clear(amount);
    await user.type(amount, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orderlist'));
    expect(
      requests
        .filter((request) => request.operationName === 'CreateOrderPosition')
        .map((request) => request.variables),
    ).toEqual([{ offerId: 9, amount: 3, clientMutationId: expect.any(String) }]);
    expect(await screen.findByText('Hinzugefügt: Sassicaia 2019')).toBeTruthy();
  });

  it('takes no amount below one case: the field refuses 0 and "Hinzufügen" stays disabled', async () => {
    const { user, requests } = renderWithApp(<AddToOrderListDialog {...dialogProps} />, {
      graphql: server(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Auf Orderliste setzen' });
    const amount = within(dialog).getByRole('textbox', { name: 'Anzahl Kisten' }) as HTMLInputElement;
    const add = within(dialog).getByRole('button', { name: 'Hinzufügen' }) as HTMLButtonElement;
    await user.clear(amount);
    await user.type(amount, '0');
    expect(amount.value).toBe('');
    expect(add.disabled).toBe(true);
    await user.type(amount, '{Enter}');
    expect(requests.some((request) => request.operationName === 'CreateOrderPosition')).toBe(false);
  });

  it('says in German that more than 100 cases cannot be ordered, and adds nothing', async () => {
    const { user, requests } = renderWithApp(<AddToOrderListDialog {...dialogProps} initialAmount={120} />, {
      graphql: server(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Auf Orderliste setzen' });
    expect(
      await within(dialog).findByText('Es können höchstens 100 Kisten je Position bestellt werden.'),
    ).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Hinzufügen' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Anzahl Kisten' }), '{Enter}');
    expect(requests.some((request) => request.operationName === 'CreateOrderPosition')).toBe(false);
  });

  it('shows a refused amount under the field, and keeps the dialog open', async () => {
    const refusal = { message: 'Von diesem Wein sind noch 2 Kisten verfügbar.', code: 'INVALID_AMOUNT' };
    const { user, router } = renderWithApp(<AddToOrderListDialog {...dialogProps} initialAmount={3} />, {
      graphql: server({ refuseAdd: { ...refusal, field: 'amount' } }),
      route: '/admin/weinangebot',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Auf Orderliste setzen' });
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));

    const amount = within(dialog).getByRole('textbox', { name: 'Anzahl Kisten' });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(refusal.message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/weinangebot');
    await user.type(amount, '{Backspace}2');
    expect(within(dialog).queryByText(refusal.message)).toBeNull();
  });

  it('shows the blocked order list instead of the amount while an order is being checked', async () => {
    const { requests } = renderWithApp(<AddToOrderListDialog {...dialogProps} />, {
      graphql: server({ blocked: true }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Orderliste gesperrt' });
    expect(within(dialog).getByText(ORDER_LIST_BLOCKED_TEXT)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Zur Bestellung' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Anzahl Kisten' })).toBeNull();
    expect(requests.some((request) => request.operationName === 'CreateOrderPosition')).toBe(false);
  });

  it('switches to the blocked text when the server refuses the add as blocked', async () => {
    const { user, router } = renderWithApp(<AddToOrderListDialog {...dialogProps} />, {
      graphql: server({ refuseAdd: { message: ORDER_LIST_BLOCKED_TEXT, code: 'ORDER_LIST_BLOCKED' } }),
      route: '/admin/weinangebot',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Auf Orderliste setzen' });
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    const blocked = await screen.findByRole('dialog', { name: 'Orderliste gesperrt' });
    expect(within(blocked).getByText(ORDER_LIST_BLOCKED_TEXT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/weinangebot');
  });
});
