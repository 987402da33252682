import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { GraphQLClient } from 'graphql-request';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientContext } from '../../src/api/client';
import { depotKeys } from '../../src/api/depot-keys';
import { createQueryClient } from '../../src/app/query-client';
import { startRouteData, useRouteDataOnNavigation } from '../../src/app/route-data';
import { usePreloadOnIntent } from '../../src/app/router';

/** A GraphQL client that answers every depot document with an empty depot and notes what was asked. */
function recordingClient() {
  const asked: string[] = [];
  const client = {
    request: async (document: { definitions: { name?: { value: string } }[] }) => {
      asked.push(document.definitions[0]?.name?.value ?? '');
      return {
        clientsDepot: [],
        clientsDepotVintages: [],
        allBottleSizes: [],
        me: { investmentScore: '0.00' },
      };
    },
  };
  return { asked, apiClient: client as unknown as GraphQLClient };
}

function Frame() {
  useRouteDataOnNavigation('kunde@example.com');
  const navigate = useNavigate();
  return (
    <nav>
      <Link to="/admin/depot">Depot</Link>
      <button type="button" onClick={() => navigate('/admin/start')}>
        Start
      </button>
    </nav>
  );
}

/** The frame of the signed-in app; its screens render nothing that asks for data themselves. */
function renderFrame(
  at: string,
  services: { queryClient: QueryClient; apiClient: GraphQLClient; asked: string[] } = {
    queryClient: createQueryClient(),
    ...recordingClient(),
  },
) {
  const { queryClient, apiClient, asked } = services;
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext.Provider value={apiClient}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="*" element={<Frame />} />
          </Routes>
        </MemoryRouter>
      </ApiClientContext.Provider>
    </QueryClientProvider>,
  );
  return { asked, queryClient };
}

describe('a navigation inside the signed-in app starts the screen’s main data', () => {
  afterEach(() => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('asks for the depot when the app navigates to it, before its screen asks', async () => {
    const { asked, queryClient } = renderFrame('/admin/start');
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Depot' }));
    expect(asked).toEqual(['ClientsDepot']);
    await expect.poll(() => queryClient.getQueryData(depotKeys.own())).toBeDefined();
    // Back to the start and to the depot again: the fresh depot in memory is not asked for again.
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    fireEvent.click(screen.getByRole('link', { name: 'Depot' }));
    expect(asked).toEqual(['ClientsDepot']);
  });

  it('asks for the depot when the frame opens on it (the sign-in leads to a bookmarked depot)', async () => {
    const { asked, queryClient } = renderFrame('/admin/depot');
    expect(asked).toEqual(['ClientsDepot']);
    await expect.poll(() => queryClient.getQueryData(depotKeys.own())).toBeDefined();
  });

  it('asks once when the start of the app asked already', () => {
    const queryClient = createQueryClient();
    const { asked, apiClient } = recordingClient();
    startRouteData('/admin/depot', { queryClient, apiClient, userKey: 'kunde@example.com' });
    renderFrame('/admin/depot', { queryClient, apiClient, asked });
    expect(asked).toEqual(['ClientsDepot']);
  });
});

function Links({ preloaded }: { preloaded: string[] }) {
  usePreloadOnIntent((pathname) => preloaded.push(pathname));
  return (
    <>
      <a href="/admin/depot">
        <span>Depot</span>
      </a>
      <a href="/admin/orderlist">Auftragsliste</a>
      <a href="https://example.org/admin/depot">Anderswo</a>
      <p>Text</p>
      <form data-preload-route="/admin/start">
        <input aria-label="E-Mail" />
      </form>
    </>
  );
}

describe('a link pointed at, touched or focused fetches its screen’s code', () => {
  it('fetches once per link, for the app’s own links only', () => {
    const preloaded: string[] = [];
    render(<Links preloaded={preloaded} />);
    act(() => {
      fireEvent.pointerOver(screen.getByText('Depot'));
      fireEvent.pointerOver(screen.getByText('Depot'));
      fireEvent.pointerOver(screen.getByText('Text'));
      fireEvent.pointerOver(screen.getByText('Anderswo'));
    });
    expect(preloaded).toEqual(['/admin/depot']);
    act(() => {
      fireEvent.focusIn(screen.getByText('Auftragsliste'));
      fireEvent.pointerDown(screen.getByText('Depot'));
    });
    expect(preloaded).toEqual(['/admin/depot', '/admin/orderlist', '/admin/depot']);
    // The login's form names the page the sign-in leads to: using the form fetches its code.
    act(() => {
      fireEvent.focusIn(screen.getByLabelText('E-Mail'));
    });
    expect(preloaded).toEqual(['/admin/depot', '/admin/orderlist', '/admin/depot', '/admin/start']);
  });
});
