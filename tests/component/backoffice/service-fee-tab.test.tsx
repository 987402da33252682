import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceFeeTab } from '../../../src/features/backoffice-analytics/ui/ServiceFeeTab';
import { GraphQLErrors, type GraphQLHandler, renderWithApp } from '../support/render';
import { noServiceFee, serviceFeeStats } from './service-fee-fixture';

const sales = {
  months: [{ month: '2026-11', invoices: 3, cases: 7, revenue: '12345.60' }],
  regions: [{ region: 'Toskana', cases: 7, revenue: '12345.60' }],
};

function server(stats: unknown = serviceFeeStats): GraphQLHandler {
  return ({ operationName }) => {
    if (operationName === 'BackofficeServiceFeeStats') return { backofficeServiceFeeStats: stats };
    if (operationName === 'BackofficeSalesStats') return { backofficeSalesStats: sales };
    return {};
  };
}

const feePanel = () => screen.findByRole('region', { name: 'Servicegebühr' });
const rowOf = (table: HTMLElement, text: string) =>
  within(table).getByText(text).closest('tr') as HTMLElement;
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Tab "Servicegebühr"', () => {
  it('shows the newest month, the depots and the fee of the months in German figures', async () => {
    renderWithApp(<ServiceFeeTab />, { graphql: server() });
    const panel = await feePanel();
    await within(panel).findByText(/netto \(/);
    const figures = within(panel).getByText(/netto \(/).parentElement as HTMLElement;
    expect(figures.textContent).toContain('Nov. 2026: 243,75 € netto (290,06 € inkl. 19 % MwSt.)');
    expect(figures.textContent).toContain('Depots: 4, Depotwert 130.000,50 €');
    expect(figures.textContent).toContain('Letzte 24 Monate: 468,75 € netto');
    expect(within(panel).getByText(/2,25 % p\. a\. des Depotwerts/)).toBeTruthy();
  });

  it('lists each month and each top client in the tables, a client without a name by e-mail', async () => {
    renderWithApp(<ServiceFeeTab />, { graphql: server() });
    const months = await screen.findByTestId('service-fee-month-table');
    expect(cellTexts(rowOf(months, 'Nov. 2026'))).toEqual([
      'Nov. 2026',
      '4',
      '130.000,50 €',
      '243,75 €',
      '290,06 €',
    ]);
    expect(cellTexts(rowOf(months, 'Okt. 2026'))).toContain('225,00 €');

    const clients = screen.getByTestId('service-fee-client-table');
    expect(cellTexts(rowOf(clients, 'Erika Mustermann'))).toEqual([
      'Erika Mustermann',
      'erika@example.org',
      '80.000,00 €',
      '150,00 €',
      '178,50 €',
      '1.800,00 €',
    ]);
    const unnamed = within(clients).getAllByText('ohne.name@example.org')[0]?.closest('tr') as HTMLElement;
    expect(cellTexts(unnamed)).toEqual([
      'ohne.name@example.org',
      'ohne.name@example.org',
      '50.000,50 €',
      '93,75 €',
      '111,56 €',
      '468,75 €',
    ]);
    expect(within(clients).getByText('Summe 24 Monate netto')).toBeTruthy();
  });

  it('says what the charts show, for readers of the caption', async () => {
    renderWithApp(<ServiceFeeTab />, { graphql: server() });
    const chart = await screen.findByTestId('service-fee-chart');
    expect(within(chart).getByText(/insgesamt 468,75 €; höchster Wert 243,75 € \(Nov\. 2026\)/)).toBeTruthy();
    expect(
      within(screen.getByTestId('depot-value-chart')).getByText(
        'Depotwert aller Kunden im Nov. 2026: 130.000,50 €.',
      ),
    ).toBeTruthy();
  });

  it('tells that no depot pays a fee yet instead of empty charts', async () => {
    renderWithApp(<ServiceFeeTab />, { graphql: server(noServiceFee) });
    const panel = await feePanel();
    expect(await within(panel).findByText('Noch keine Depots mit Servicegebühr.')).toBeTruthy();
    expect(screen.queryByTestId('service-fee-month-table')).toBeNull();
  });

  it('shows "Fehler!" when the figures fail and loads them again on request', async () => {
    let failures = 1;
    const base = server();
    const { user, requests } = renderWithApp(<ServiceFeeTab />, {
      graphql: (request) => {
        if (request.operationName === 'BackofficeServiceFeeStats' && failures-- > 0) {
          return new GraphQLErrors([{ message: 'Unexpected error.' }]);
        }
        return base(request);
      },
    });
    const panel = await feePanel();
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByText('Fehler!')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await within(panel).findByTestId('service-fee-month-table')).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.operationName === 'BackofficeServiceFeeStats')).toHaveLength(2),
    );
  });

  it('shows the sales of the paid invoices beside the fee', async () => {
    renderWithApp(<ServiceFeeTab />, { graphql: server() });
    const panel = await screen.findByRole('region', { name: 'Verkäufe' });
    const revenue = await within(panel).findByText(/Umsatz:/);
    expect(revenue.textContent).toBe('Umsatz: 12.345,60 €');
    expect(within(panel).getByText(/Rechnungen:/).textContent).toBe('Rechnungen: 3, Kisten: 7');
  });
});
