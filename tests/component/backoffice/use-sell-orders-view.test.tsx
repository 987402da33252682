import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type StaffSellOrder,
  useSellOrdersView,
} from '../../../src/features/backoffice-secondary-market/api/use-sell-orders-view';
import { sellOrderStatusText } from '../../../src/features/backoffice-secondary-market/model/sell-order-row';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';

const order: StaffSellOrder = {
  id: 7,
  marginBtl: null,
  status: 'REQUESTED',
  depotPositionId: 41,
  caskOf: 6,
  cases: 2,
  casesSold: 0,
  casesReserved: 0,
  askPriceBtl: '150.00',
  sellPriceBtl: null,
  expectedProceedsNet: '1710.00',
  proceedsGross: null,
  commission: null,
  proceedsNet: null,
  storageIds: 'K-101, K-102',
  offerId: null,
  rejectReason: null,
  settlementPdfUrl: null,
  settlementFingerprint: null,
  createdAt: '2026-11-20T09:00:00Z',
  listedAt: null,
  soldAt: null,
  marketValue: null,
  houseOffer: null,
  recentResalePrices: [],
  seller: { id: 5, email: 'erika@example.org', firstName: 'Erika', lastName: 'Mustermann' },
  vintage: { id: 410, title: 'Ornellaia', year: 2016 },
  bottleSize: { id: 1, title: '0,75l' },
};

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
