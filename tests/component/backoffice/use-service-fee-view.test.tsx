import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useServiceFeeView } from '../../../src/features/backoffice-analytics/api/use-service-fee-view';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';
import { serviceFeeStats } from './service-fee-fixture';

const server: GraphQLHandler = ({ operationName }) =>
  operationName === 'BackofficeServiceFeeStats' ? { backofficeServiceFeeStats: serviceFeeStats } : {};

describe('useServiceFeeView', () => {
  it('asks for 24 months and the top 20 clients, and has nothing to show before the answer', async () => {
    const { result, requests } = renderHookWithApp(useServiceFeeView, { graphql: server });
    expect(result.current.months).toEqual([]);
    expect(result.current.current).toBeUndefined();
    expect(result.current.feeNetOfMonths).toBe(0);
    await waitFor(() => expect(result.current.stats.isSuccess).toBe(true));
    expect(requests).toEqual([
      { operationName: 'BackofficeServiceFeeStats', variables: { months: 24, topClients: 20 } },
    ]);
  });

  it('turns the months into cents, the newest month last, and sums the fee of the months', async () => {
    const { result } = renderHookWithApp(useServiceFeeView, { graphql: server });
    await waitFor(() => expect(result.current.months).toHaveLength(2));
    expect(result.current.current).toEqual({
      month: '2026-11',
      clients: 4,
      depotValue: 13_000_050,
      feeNet: 24_375,
      feeGross: 29_006,
    });
    expect(result.current.feeNetOfMonths).toBe(22_500 + 24_375);
  });

  it('draws the charts in euros with German month names', async () => {
    const { result } = renderHookWithApp(useServiceFeeView, { graphql: server });
    await waitFor(() => expect(result.current.chartData).toHaveLength(2));
    expect(result.current.chartData).toEqual([
      { month: 'Okt. 2026', feeNet: 225, depotValue: 120_000 },
      { month: 'Nov. 2026', feeNet: 243.75, depotValue: 130_000.5 },
    ]);
  });

  it('names a client by first and last name, one without a name by e-mail address', async () => {
    const { result } = renderHookWithApp(useServiceFeeView, { graphql: server });
    await waitFor(() => expect(result.current.clients).toHaveLength(2));
    expect(result.current.clients.map((client) => client.name)).toEqual([
      'Erika Mustermann',
      'ohne.name@example.org',
    ]);
    expect(result.current.clients[1]).toMatchObject({
      depotValue: 5_000_050,
      monthlyFeeNet: 9_375,
      monthlyFeeGross: 11_156,
      feeNetTotal: 46_875,
    });
  });
});
