import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSellOrdersView } from '../../../src/features/backoffice-secondary-market/api/use-sell-orders-view';
import { sellOrderStatusText } from '../../../src/features/backoffice-secondary-market/model/sell-order-row';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';
import { requestedOrder } from './sell-order-fixture';

const order = requestedOrder;

const server: GraphQLHandler = ({ operationName, variables }) =>
  operationName === 'AllSellOrders' ? { allSellOrders: variables.status === 'REQUESTED' ? [order] : [] } : {};

describe('useSellOrdersView', () => {
  it('lists the requested orders first, all of them with "Alle"', async () => {
    const { result, requests } = renderHookWithApp(useSellOrdersView, { graphql: server });
    await waitFor(() => expect(result.current.orders.data).toEqual([order]));
    act(() => result.current.setFilter('ALL'));
    await waitFor(() => expect(result.current.orders.data).toEqual([]));
    expect(requests.map((r) => r.variables)).toEqual([{ status: 'REQUESTED' }, { status: null }]);
  });

  it('opens and closes the approval and the rejection of an order', () => {
    const { result } = renderHookWithApp(useSellOrdersView, { graphql: server });
    act(() => result.current.approve(order));
    expect(result.current.approving?.id).toBe(7);
    act(() => result.current.closeApproval());
    expect(result.current.approving).toBeNull();
    act(() => result.current.reject(order));
    expect(result.current.rejecting?.id).toBe(7);
    act(() => result.current.closeRejection());
    expect(result.current.rejecting).toBeNull();
  });

  it('reads "Reserviert" while a buyer holds cases of a listed order', () => {
    expect(sellOrderStatusText({ status: 'LISTED', casesReserved: 1 })).toBe('Reserviert');
    expect(sellOrderStatusText({ status: 'LISTED', casesReserved: 0 })).toBe('Im Angebot');
  });
});
