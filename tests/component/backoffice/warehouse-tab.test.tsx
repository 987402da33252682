import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_STOCK_REPORT_LENGTH } from '../../../src/domain/input-limits';
import { WarehouseTab } from '../../../src/features/backoffice-warehouse/ui/WarehouseTab';
import { type GraphQLHandler, renderWithApp } from '../support/render';

const report = (id: number, asOf: string, extra: Record<string, unknown> = {}) => ({
  id,
  asOf,
  importedAt: `${asOf}T07:30:00Z`,
  source: 'API',
  lots: 40,
  casesTotal: 52,
  matchedCases: 49,
  discrepancyCount: 4,
  criticalCount: 1,
  signatureValid: true,
  ...extra,
});

const discrepancies = [
  {
    kind: 'MISSING_IN_WAREHOUSE',
    lotId: 'GVA-2026-0107',
    lwin11: '10122252019',
    customerNumber: 'WD-100001',
    ledgerCases: 2,
    warehouseCases: 0,
    depotPositionId: 7,
  },
  {
    kind: 'NOT_OWED',
    lotId: 'GVA-2026-0999',
    lwin11: '10122252019',
    customerNumber: 'WD-999999',
    ledgerCases: 0,
    warehouseCases: 1,
    depotPositionId: null,
  },
  {
    kind: 'COUNT_DIFFERS',
    lotId: 'GVA-2026-0110',
    lwin11: '11039662016',
    customerNumber: 'WD-100004',
    ledgerCases: 3,
    warehouseCases: 2,
    depotPositionId: 9,
  },
  {
    kind: 'OWNER_DIFFERS',
    lotId: 'GVA-2026-0111',
    lwin11: '11039662016',
    customerNumber: 'WD-100002',
    ledgerCases: 1,
    warehouseCases: 1,
    depotPositionId: 11,
  },
];

function server(imports: unknown[] = []): GraphQLHandler {
  return ({ operationName, variables }) => {
    if (operationName === 'WarehouseReconciliation') {
      const older = variables.reportId === 1;
      return {
        warehouseReconciliation: {
          report: older
            ? report(1, '2026-11-30', { source: 'SEED', discrepancyCount: 0 })
            : report(2, '2026-12-01'),
          matchedCases: older ? 52 : 49,
          discrepancies: older ? [] : discrepancies,
          notYetInWarehouse: [
            {
              depotPositionId: 21,
              customerNumber: 'WD-100001',
              lwin11: '10122252025',
              cases: 2,
              state: 'EN_PRIMEUR',
            },
          ],
        },
      };
    }
    if (operationName === 'WarehouseStockReports') {
      return {
        warehouseStockReports: [
          report(2, '2026-12-01'),
          report(1, '2026-11-30', { source: 'SEED', discrepancyCount: 0 }),
        ],
      };
    }
    if (operationName === 'DemoWarehouseAvailable') return { demoWarehouseAvailable: false };
    if (operationName === 'ImportWarehouseStockReport') {
      imports.push(variables);
      return { importWarehouseStockReport: { success: true, errors: [], report: report(3, '2026-12-02') } };
    }
    return {};
  };
}

const rows = () =>
  within(screen.getByTestId('warehouse-discrepancies'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('Bestandsabgleich', () => {
  it('shows the latest report with its figures and filters the discrepancies by kind', async () => {
    const { user } = renderWithApp(<WarehouseTab />, { graphql: server() });
    const facts = await screen.findByTestId('warehouse-report');
    expect(within(facts).getByRole('heading').textContent).toBe('Neuester Bestandsbericht vom 01.12.2026');
    expect(within(facts).getByTestId('warehouse-signature').textContent).toBe('Signatur des Lagers gültig');
    expect(within(facts).getByTestId('warehouse-matched').textContent).toBe('49');
    expect(rows()).toEqual(['GVA-2026-0107', 'GVA-2026-0999', 'GVA-2026-0110', 'GVA-2026-0111']);
    expect(screen.getByText('Noch nicht im Lager (2 Kisten)')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Art der Abweichung' }));
    await user.click(await screen.findByRole('option', { name: 'Fehlt im Lager (1)', hidden: true }));
    expect(rows()).toEqual(['GVA-2026-0107']);
    await user.click(screen.getByRole('combobox', { name: 'Art der Abweichung' }));
    await user.click(await screen.findByRole('option', { name: 'Anderer Wein (0)', hidden: true }));
    expect(rows()).toEqual([]);
    expect(screen.getByText('Keine Abweichung passt zum Filter.')).toBeTruthy();
  });

  it('searches lot ids, LWINs and customer numbers, every word', async () => {
    const { user } = renderWithApp(<WarehouseTab />, { graphql: server() });
    const search = await screen.findByRole('textbox', { name: 'Suche' });
    await user.type(search, '11039662016');
    expect(rows()).toEqual(['GVA-2026-0110', 'GVA-2026-0111']);
    await user.type(search, ' wd-100002');
    expect(rows()).toEqual(['GVA-2026-0111']);
    await user.clear(search);
    await user.type(search, 'gva-2026-0999');
    expect(rows()).toEqual(['GVA-2026-0999']);
  });

  it('shows an earlier report from the history, with its own reconciliation', async () => {
    const { user, requests } = renderWithApp(<WarehouseTab />, { graphql: server() });
    const history = await screen.findByTestId('warehouse-history');
    const earlier = within(history).getAllByRole('row')[2] as HTMLElement;
    expect(within(earlier).getByText('Demo-Lager (Demodaten)')).toBeTruthy();
    await user.click(within(earlier).getByRole('button'));
    const facts = await screen.findByText('Bestandsbericht vom 30.11.2026');
    expect(facts).toBeTruthy();
    expect(await screen.findByTestId('warehouse-matched-all')).toBeTruthy();
    expect(
      requests
        .filter((r) => r.operationName === 'WarehouseReconciliation')
        .map((r) => r.variables.reportId ?? null),
    ).toEqual([null, 1]);
  });

  it('uploads a report with its signature, and refuses a file over the limit in German without sending it', async () => {
    const imports: unknown[] = [];
    const { user } = renderWithApp(<WarehouseTab />, { graphql: server(imports) });
    await screen.findByTestId('warehouse-report');
    const [csvInput, signatureInput] = Array.from(
      document.querySelectorAll<HTMLInputElement>('input[type=file]'),
    );
    const submit = screen.getByRole('button', { name: 'Übernehmen' });

    const huge = new File(['x'.repeat(MAX_STOCK_REPORT_LENGTH + 1)], 'bericht.csv', { type: 'text/csv' });
    await user.upload(csvInput as HTMLInputElement, huge);
    await user.click(submit);
    expect(
      await screen.findByText(
        /Die Datei ist zu groß: hier höchstens 1\.000\.000 Zeichen\. Größere Berichte \(bis 10 MB\)/,
      ),
    ).toBeTruthy();
    expect(imports).toEqual([]);

    const csv = 'lot_id;lwin11;bottle_size_ml;bottles_per_case;cases;owner_ref;mrn;as_of\n';
    await user.upload(csvInput as HTMLInputElement, new File([csv], 'bericht.csv', { type: 'text/csv' }));
    await user.upload(signatureInput as HTMLInputElement, new File(['c2lnbmF0dXI=\n'], 'bericht.csv.sig'));
    expect(screen.queryByText(/Die Datei ist zu groß/)).toBeNull();
    await user.click(submit);
    await waitFor(() => expect(imports).toEqual([{ csv, signature: 'c2lnbmF0dXI=' }]));
    expect(await screen.findByText('Bestandsbericht übernommen und abgeglichen.')).toBeTruthy();
  });
});
