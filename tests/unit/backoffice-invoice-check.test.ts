import { describe, expect, it } from 'vitest';
import type { InvoiceStage } from '../../src/domain/invoice-stages';
import {
  invoiceCheckActions,
  invoiceCustomerName,
  invoiceReference,
  invoiceStageColor,
} from '../../src/features/backoffice-invoices/model/invoice-check';

describe('what the check of an invoice allows in each stage', () => {
  it.each<[InvoiceStage, boolean, boolean, boolean, string]>([
    ['CHECK_NEEDED', true, true, true, 'orange'],
    ['CHECK_DONE', false, true, true, 'green'],
    ['WAITING_FOR_PAYMENT', false, false, true, 'green'],
    ['PAYMENT_FAILED', false, false, true, 'green'],
    ['PAID', false, false, false, 'green'],
    ['PURCHASED', false, false, false, 'green'],
    ['CANCELLED', false, false, false, 'gray'],
  ])(
    '%s: editable %s, correctable %s, cancellable %s, badge %s',
    (stage, editable, correctable, cancellable, color) => {
      expect(invoiceCheckActions(stage)).toEqual({ editable, correctable, cancellable });
      expect(invoiceStageColor(stage)).toBe(color);
    },
  );
});

describe('how the check names the client and the invoice', () => {
  it('takes the name, else the e-mail address', () => {
    expect(invoiceCustomerName({ firstName: 'Erika', lastName: 'Mustermann', email: 'e@example.org' })).toBe(
      'Erika Mustermann',
    );
    expect(invoiceCustomerName({ firstName: '', lastName: '', email: 'e@example.org' })).toBe(
      'e@example.org',
    );
  });

  it('takes the number once given, else the id', () => {
    expect(invoiceReference({ id: 31, invoiceNumber: '2026-0042' })).toBe('2026-0042');
    expect(invoiceReference({ id: 31, invoiceNumber: null })).toBe('#31');
  });
});
