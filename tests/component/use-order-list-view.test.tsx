import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceUserKey } from '../../src/api/session/session-store';
import { useOrderListView } from '../../src/features/order-list/api/order-list-view';
import type { OrderListData } from '../../src/features/order-list/api/orders';
import { clearOutbox, queueOrderChange, readOutbox } from '../../src/features/order-list/api/outbox-store';
import { clientUser } from '../unit/support/session-user';
import { billingPerson, invoice, orderList, orderPosition } from './order-list-fixture';
import { type GraphQLHandler, renderHookWithApp, type SentRequest } from './support/render';

const userKey = deviceUserKey(clientUser);
const sassicaia = orderPosition();

/** Ornellaia 2016 added offline: one case, waiting in the device's outbox. */
const queueOrnellaia = () =>
  queueOrderChange(userKey, {
    kind: 'create',
    offerId: 12,
    amount: 1,
    title: 'Ornellaia 2016',
    offer: {
      caskOf: 6,
      priceBtl: '125.00',
      year: 2016,
      bottleSize: '0,75 l',
      winery: "Tenuta dell'Ornellaia",
      availableCases: 3,
    },
  });

const applied = { success: true, errors: [] };

/** The server of `list`; every change of a position is applied. */
function server(list: OrderListData): GraphQLHandler {
  return ({ operationName }) => {
    if (operationName === 'OrderList') return list;
    if (operationName === 'ChangeOrderPosition')
      return { changeOrderPosition: { ...applied, orderPosition: null } };
    if (operationName === 'DeleteOrderPosition') return { deleteOrderPosition: applied };
    if (operationName === 'CreateOrderPosition')
      return { createOrderPosition: { ...applied, orderPosition: null } };
    return {};
  };
}

const changes = (requests: SentRequest[]) =>
  requests
    .filter((request) => request.operationName !== 'OrderList')
    .map(({ operationName, variables: { clientMutationId: _id, ...variables } }) => ({
      operationName,
      variables,
    }));

beforeEach(async () => {
  await clearOutbox();
});

describe('useOrderListView', () => {
  it("shows the server's positions and sums as they are while nothing waits on the device", async () => {
    const list = orderList({ positions: [sassicaia] });
    const { result } = renderHookWithApp(useOrderListView, { graphql: server(list) });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.rows?.map((row) => [row.position.id, row.editable, row.waiting])).toEqual([
      [41, true, false],
    ]);
    expect(result.current.sums).toEqual(list.orderListSums);
    expect(result.current.sums?.overallSumStr).toBe('1.629,35 €');
    expect(result.current.content).toBe('positions');
    expect(result.current.canPay).toBe(true);
    expect(result.current.openPayment).toBeNull();
  });

  it('adds an add waiting on the device as a pending row and counts it in the sums', async () => {
    await queueOrnellaia();
    const { result } = renderHookWithApp(useOrderListView, { graphql: server(orderList()) });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    const [row] = result.current.rows ?? [];
    expect(row?.position).toMatchObject({ amount: 1, offer: { vintage: { title: 'Ornellaia 2016' } } });
    expect(row).toMatchObject({ editable: true, waiting: true, conditionReportLater: true });
    expect(result.current.sums?.cases).toBe(1);
    expect(result.current.sums?.vintagesSumStr).toBe('750,00 €');
    expect(result.current.content).toBe('positions');
  });

  it('changes and removes a sent position on the server', async () => {
    const { result, requests } = renderHookWithApp(useOrderListView, {
      graphql: server(orderList({ positions: [sassicaia] })),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => result.current.rows?.[0]?.change({ amount: 3 }));
    await waitFor(() => expect(changes(requests)).toHaveLength(1));
    act(() => result.current.rows?.[0]?.remove());
    await waitFor(() => expect(changes(requests)).toHaveLength(2));
    expect(changes(requests)).toEqual([
      { operationName: 'ChangeOrderPosition', variables: { orderPositionId: 41, amount: 3 } },
      { operationName: 'DeleteOrderPosition', variables: { orderPositionId: 41 } },
    ]);
  });

  it('edits a waiting add in the outbox: the server receives one add with the new amount', async () => {
    await queueOrnellaia();
    const { result, requests } = renderHookWithApp(useOrderListView, { graphql: server(orderList()) });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => result.current.rows?.[0]?.change({ amount: 3 }));
    await waitFor(() => expect(changes(requests)).toHaveLength(1));
    expect(changes(requests)).toEqual([
      { operationName: 'CreateOrderPosition', variables: { offerId: 12, amount: 3 } },
    ]);
  });

  it('withdraws a waiting add: it leaves the list and is never sent', async () => {
    await queueOrnellaia();
    const { result, requests } = renderHookWithApp(useOrderListView, { graphql: server(orderList()) });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => result.current.rows?.[0]?.remove());
    await waitFor(() => expect(result.current.rows).toEqual([]));
    expect(await readOutbox(userKey)).toEqual([]);
    expect(result.current.content).toBe('empty');
    expect(changes(requests)).toEqual([]);
  });

  it('shows the blocked notice while an order is checked, and watches an open payment', async () => {
    const checked = orderList({
      invoices: { check_needed: [invoice(3, 'CHECK_NEEDED')] },
      me: { ...billingPerson, blockedByOrderCheck: true },
    });
    const blocked = renderHookWithApp(useOrderListView, { graphql: server(checked) });
    await waitFor(() => expect(blocked.result.current.content).toBe('blocked'));
    expect(blocked.result.current.openPayment).toBeNull();
    blocked.unmount();

    const waiting = orderList({ invoices: { waiting_for_payment: [invoice(4, 'WAITING_FOR_PAYMENT')] } });
    const paying = renderHookWithApp(useOrderListView, { graphql: server(waiting) });
    await waitFor(() => expect(paying.result.current.openPayment?.id).toBe(4));
    expect(paying.result.current.content).toBe('none');
  });

  it('cannot pay without complete billing data', async () => {
    const { result } = renderHookWithApp(useOrderListView, {
      graphql: server(orderList({ positions: [sassicaia], me: { ...billingPerson, city: null } })),
    });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.canPay).toBe(false);
  });
});
