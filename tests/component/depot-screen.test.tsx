import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOAD_ERROR } from '../../src/domain/error-texts';
import { ContactModalProvider } from '../../src/features/contact/ui/contact-modal';
import type { DepotTransfer } from '../../src/features/depot/api/depot-request';
import type { DepotPositionInput } from '../../src/features/depot/model/depot-rows';
import { DepotScreen } from '../../src/features/depot/ui/DepotScreen';
import { depotPosition } from '../unit/support/depot-position';
import { GraphQLErrors, type GraphQLHandler, renderWithApp } from './support/render';

/** The depot as the server sends it: positions name vintage and bottle size by id, each listed once. */
function clientsDepot(positions: DepotPositionInput[], investmentScore: string | null) {
  const compact: DepotTransfer = {
    positions: positions.map((position) => ({
      ...position,
      bottleSize: { id: position.bottleSize.id },
      vintage: { id: position.vintage.id },
    })),
    vintages: [...new Map(positions.map((position) => [position.vintage.id, position.vintage])).values()],
    bottleSizes: [
      ...new Map(positions.map((position) => [position.bottleSize.id, position.bottleSize])).values(),
    ],
    investmentScore,
  };
  return {
    me: { id: 7, investmentScore },
    clientsDepot: compact.positions,
    clientsDepotVintages: compact.vintages,
    allBottleSizes: compact.bottleSizes,
  };
}

const margaux = depotPosition({
  id: 1,
  amount: 2,
  buyPriceBtl: '100.00',
  vintage: { title: 'Château Margaux 2016', wine: { title: 'Château Margaux' } },
});
const sassicaia = depotPosition({
  id: 2,
  amount: 1,
  buyPriceBtl: '125.00',
  vintage: { title: 'Sassicaia 2019', year: 2019, wine: { title: 'Sassicaia' } },
});

function server(answer: unknown): GraphQLHandler {
  return ({ operationName }) => {
    if (operationName === 'ClientsDepot') return answer;
    if (operationName === 'MySellOrders') return { mySellOrders: [] };
    // The performance arrives after the depot; this screen's test is about the positions.
    if (operationName === 'DepotPerformance') return new Promise(() => {});
    return {};
  };
}

const depotScreen = (
  <ContactModalProvider>
    <DepotScreen />
  </ContactModalProvider>
);

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the screen shows the table or the chart the cookie says.
  document.cookie = 'showTable=true; Path=/';
});

describe('Seite "Weindepot"', () => {
  it('shows what was invested and each position in the table', async () => {
    renderWithApp(depotScreen, { graphql: server(clientsDepot([margaux, sassicaia], '1950.00')) });
    expect(await screen.findByText('2 Positionen')).toBeTruthy();
    const rows = screen.getAllByTestId('depot-table-row');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Château Margaux 2016 öffnen', 'Sassicaia 2019 öffnen']),
    );
    // The figure counts up to its value (longer for larger sums): a longer wait, and time for the test.
    await waitFor(() => expect(screen.getByTestId('total-invested').textContent).toBe('1.950,00 €'), {
      timeout: 4000,
    });
  }, 10_000);

  it('switches between table and chart and remembers the choice', async () => {
    const { user } = renderWithApp(depotScreen, { graphql: server(clientsDepot([margaux], null)) });
    expect(await screen.findByText('1 Position')).toBeTruthy();
    expect(screen.getAllByTestId('depot-table-row')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Diagramm' }));
    await waitFor(() => expect(screen.queryByTestId('depot-table-row')).toBeNull());
    expect(document.cookie).toContain('showTable=false');
  });

  it('opens a position from its row', async () => {
    const { user, router } = renderWithApp(depotScreen, { graphql: server(clientsDepot([margaux], null)) });
    await user.click(await screen.findByRole('row', { name: 'Château Margaux 2016 öffnen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?position=1'));
    const dialog = await screen.findByRole('dialog', { name: 'Depot-Position' });
    expect(within(dialog).getAllByText(/Château Margaux/).length).toBeGreaterThan(0);
  });

  it('invites a client without wines to ask for advice', async () => {
    renderWithApp(depotScreen, { graphql: server(clientsDepot([], null)) });
    expect(
      await screen.findByText('Sie haben noch keine exquisiten Weine bei Weindepot erworben.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Beratung anfordern' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Tabelle' })).toBeNull();
  });

  it('says so when the depot cannot be loaded', async () => {
    renderWithApp(depotScreen, { graphql: server(new GraphQLErrors([{ message: 'Unexpected error.' }])) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(LOAD_ERROR)).toBeTruthy();
  });
});
