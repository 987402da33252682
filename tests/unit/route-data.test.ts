import type { GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import { startRouteData } from '../../src/app/route-data';
import { staffDepotPath } from '../../src/domain/client/depot-routes';
import { depotKeys } from '../../src/queries/depot';

/** A GraphQL client that answers every depot document with an empty depot and notes what was asked. */
function recordingClient() {
  const asked: { operation: string; variables: unknown }[] = [];
  const client = {
    request: async (document: { definitions: { name?: { value: string } }[] }, variables?: unknown) => {
      asked.push({ operation: document.definitions[0]?.name?.value ?? '', variables });
      return {
        clientsDepot: [],
        clientsDepotVintages: [],
        viewClientsDepot: [],
        viewClientsDepotVintages: [],
        allBottleSizes: [],
        me: { id: 1, investmentScore: '0.00' },
      };
    },
  };
  return { asked, apiClient: client as unknown as GraphQLClient };
}

describe('the main data of the opened screen, started with the app', () => {
  it('asks for the own depot at /admin/depot, into the query the screen reads', async () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient });
    expect(asked).toEqual([{ operation: 'ClientsDepot', variables: undefined }]);
    await expect
      .poll(() => queryClient.getQueryData(depotKeys.own()))
      .toEqual({ positions: [], vintages: [], bottleSizes: [], investmentScore: '0.00' });
  });

  it("asks for a client's depot in the staff view, with the client's address from the path", async () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    startRouteData(staffDepotPath('anna+wein@example.com'), { queryClient, apiClient });
    expect(asked).toEqual([
      { operation: 'ViewClientsDepot', variables: { clientsMail: 'anna+wein@example.com' } },
    ]);
    await expect
      .poll(() => queryClient.getQueryData(depotKeys.ofClient('anna+wein@example.com')))
      .toMatchObject({ positions: [], investmentScore: null });
  });

  it('asks for nothing on screens without such data', () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    for (const path of [
      '/admin/start',
      '/admin/orderlist',
      '/login',
      '/admin/depot/extra',
      staffDepotPath('x').replace(/x$/, '%E0%A4%A'),
    ])
      startRouteData(path, { queryClient, apiClient });
    expect(asked).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
