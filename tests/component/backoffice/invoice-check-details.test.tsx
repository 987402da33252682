import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceCheckDetails } from '../../../src/features/backoffice-invoices/ui/InvoiceCheckDetails';
import { type GraphQLHandler, renderWithApp } from '../support/render';
import { invoiceInCheck } from './invoice-check-fixture';

function server(invoice = invoiceInCheck()): GraphQLHandler {
  return ({ operationName }) => {
    if (operationName === 'InvoiceCheckInvoice') return { getInvoiceById: invoice };
    if (operationName === 'InvoiceCheckChangeInvoice')
      return {
        changeInvoice: {
          success: true,
          errors: [],
          invoice: { ...invoice, stage: 'CHECK_DONE', invoiceNumber: '2026-0042' },
        },
      };
    return {};
  };
}

describe('Rechnung in der Prüfung', () => {
  it('shows the customer, the sums and closes the check after the confirmation', async () => {
    let checked = 0;
    const { user, requests } = renderWithApp(
      <InvoiceCheckDetails invoiceId={31} onChecked={() => checked++} />,
      { graphql: server() },
    );
    const card = await screen.findByTestId('invoice-check');
    expect(within(card).getByText('In Prüfung', { exact: false })).toBeTruthy();
    expect(within(card).getByTestId('customer-email').textContent).toBe('erika@example.org');
    expect(within(card).getByTestId('invoice-total').textContent).toBe('4.254,00 €');

    await user.click(within(card).getByRole('button', { name: 'Prüfung abschließen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prüfung abschließen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Prüfung abschließen' }));
    expect(await screen.findByText('Prüfung abgeschlossen')).toBeTruthy();
    expect(checked).toBe(1);
    expect(
      requests.filter((r) => r.operationName === 'InvoiceCheckChangeInvoice').map((r) => r.variables),
    ).toEqual([{ invoiceId: 31, stage: 'CHECK_DONE' }]);
  });

  it('shows a cancelled invoice with its reason and offers nothing to change', async () => {
    renderWithApp(<InvoiceCheckDetails invoiceId={31} onChecked={() => {}} />, {
      graphql: server(
        invoiceInCheck({
          stage: 'CANCELLED',
          cancelledAt: '2026-11-22T10:00:00Z',
          cancellationReason: 'Doppelt',
        }),
      ),
    });
    const cancellation = await screen.findByTestId('invoice-cancellation');
    expect(cancellation.textContent).toContain('Storniert am 22.11.2026. Grund: Doppelt');
    expect(screen.queryByRole('button', { name: 'Stornieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Prüfung abschließen' })).toBeNull();
  });
});
