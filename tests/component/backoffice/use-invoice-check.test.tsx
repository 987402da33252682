import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CANCELLATION_REASON_MAX_LENGTH } from '../../../src/domain/backoffice-invoices';
import { useInvoiceCheck } from '../../../src/features/backoffice-invoices/api/use-invoice-check';
import { type GraphQLHandler, renderHookWithApp } from '../support/render';
import { invoiceInCheck } from './invoice-check-fixture';

const refusal = { message: 'Opus One 2019: nur noch 1 Kiste verfügbar.', code: 'NOT_AVAILABLE', field: null };

/** Answers `changeInvoice` with the invoice in the stage asked for, or refuses it. */
function server(refuse = false): GraphQLHandler {
  return ({ operationName, variables }) =>
    operationName === 'InvoiceCheckChangeInvoice'
      ? {
          changeInvoice: refuse
            ? { success: false, errors: [refusal], invoice: null }
            : {
                success: true,
                errors: [],
                invoice: invoiceInCheck({
                  stage: (variables.stage as 'CHECK_DONE' | undefined) ?? 'CHECK_NEEDED',
                  invoiceNumber: variables.stage === 'CHECK_DONE' ? '2026-0042' : null,
                }),
              },
        }
      : {};
}

const changes = (requests: { operationName: string; variables: Record<string, unknown> }[]) =>
  requests.filter((r) => r.operationName === 'InvoiceCheckChangeInvoice').map((r) => r.variables);

describe('useInvoiceCheck', () => {
  it('offers the check, the cancellation and corrections while the invoice is in the check', () => {
    const { result } = renderHookWithApp(() => useInvoiceCheck(invoiceInCheck(), () => {}));
    expect(result.current).toMatchObject({
      editable: true,
      correctable: true,
      cancellable: true,
      customerName: 'Erika Mustermann',
      invoiceLink: null,
    });
  });

  it('closes the check with the number the server gave, tells so and hands the invoice back', async () => {
    let checked = 0;
    const { result, requests } = renderHookWithApp(() => useInvoiceCheck(invoiceInCheck(), () => checked++), {
      graphql: server(),
    });
    act(() => result.current.check.open());
    expect(result.current.check.opened).toBe(true);
    await act(() => result.current.check.confirm());

    expect(changes(requests)).toEqual([{ invoiceId: 31, stage: 'CHECK_DONE' }]);
    expect(
      await screen.findByText(
        'Rechnung 2026-0042 ist bereit zur Zahlung; Erika Mustermann wurde per E-Mail und Push benachrichtigt.',
      ),
    ).toBeTruthy();
    expect(checked).toBe(1);
    expect(result.current.check.opened).toBe(false);
  });

  it('closes the dialog on a refusal and keeps the invoice in the list', async () => {
    let checked = 0;
    const { result } = renderHookWithApp(() => useInvoiceCheck(invoiceInCheck(), () => checked++), {
      graphql: server(true),
    });
    act(() => result.current.check.open());
    await act(() => result.current.check.confirm());
    expect(checked).toBe(0);
    expect(result.current.check.opened).toBe(false);
  });

  it('sends no cancellation with a reason too long, then the trimmed reason', async () => {
    const { result, requests } = renderHookWithApp(() => useInvoiceCheck(invoiceInCheck(), () => {}), {
      graphql: server(),
    });
    act(() => result.current.cancellation.open());
    act(() => result.current.cancellation.setReason('x'.repeat(CANCELLATION_REASON_MAX_LENGTH + 1)));
    expect(result.current.cancellation.reasonProblem).toBeTruthy();
    await act(() => result.current.cancellation.confirm());
    expect(changes(requests)).toEqual([]);

    act(() => result.current.cancellation.setReason('  Kunde hat storniert  '));
    await act(() => result.current.cancellation.confirm());
    expect(changes(requests)).toEqual([{ invoiceId: 31, stage: 'CANCELLED', reason: 'Kunde hat storniert' }]);
    expect(
      await screen.findByText(
        'Rechnung #31 ist storniert; der Bestand ist freigegeben und Erika Mustermann wurde per E-Mail informiert.',
      ),
    ).toBeTruthy();
    expect(result.current.cancellation.opened).toBe(false);
  });

  it('keeps the cancellation dialog open when the server refuses', async () => {
    const { result, requests } = renderHookWithApp(() => useInvoiceCheck(invoiceInCheck(), () => {}), {
      graphql: server(true),
    });
    act(() => result.current.cancellation.open());
    await act(() => result.current.cancellation.confirm());
    await waitFor(() => expect(changes(requests)).toHaveLength(1));
    expect(result.current.cancellation.opened).toBe(true);
  });

  it('saves a new date only, and tells the date in German', async () => {
    const { result, requests } = renderHookWithApp(() => useInvoiceCheck(invoiceInCheck(), () => {}), {
      graphql: server(),
    });
    await act(() => result.current.saveDate('2026-11-20'));
    await act(() => result.current.saveDate(null));
    expect(changes(requests)).toEqual([]);
    await act(() => result.current.saveDate('2026-11-24'));
    expect(changes(requests)).toEqual([{ invoiceId: 31, date: '2026-11-24' }]);
    expect(await screen.findByText('Rechnung #31 ist vom 24.11.2026.')).toBeTruthy();
  });
});
