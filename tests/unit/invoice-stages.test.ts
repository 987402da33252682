import { describe, expect, it } from 'vitest';
import {
  INVOICE_STAGE_KEYS,
  INVOICE_STAGES,
  invoiceStageLabel,
  stagesOfGroup,
  stagesWhere,
} from '../../src/domain/invoice-stages';

describe('the invoice stages, defined once', () => {
  it('names every stage as the payment portal and the order list do', () => {
    expect(INVOICE_STAGE_KEYS.map(invoiceStageLabel)).toEqual([
      'In Prüfung',
      'Prüfung abgeschlossen',
      'Zahlung ausstehend',
      'Bezahlt',
      'Zahlung fehlgeschlagen',
      'Bezahlt',
      'Storniert',
    ]);
    expect(invoiceStageLabel('UNKNOWN')).toBe('UNKNOWN');
  });

  it('keeps a request open, payable, reserving and cancellable until it is paid or cancelled', () => {
    const unpaid = ['CHECK_DONE', 'WAITING_FOR_PAYMENT', 'PAYMENT_FAILED'];
    expect(stagesWhere('open')).toEqual(['CHECK_NEEDED', ...unpaid]);
    expect(stagesWhere('cancellable')).toEqual(['CHECK_NEEDED', ...unpaid]);
    expect(stagesWhere('payable')).toEqual(unpaid);
    expect(stagesWhere('reserving')).toEqual(unpaid);
    expect(stagesWhere('paid')).toEqual(['PAID', 'PURCHASED']);
  });

  it('never lets a paid stage be cancelled, paid again or block the order list', () => {
    for (const stage of stagesWhere('paid')) {
      expect(INVOICE_STAGES[stage]).toMatchObject({ open: false, payable: false, cancellable: false });
    }
  });

  it('puts both paid stages into the order list group "paid"', () => {
    expect(stagesOfGroup('paid')).toEqual(['PAID', 'PURCHASED']);
    expect(stagesOfGroup('cancelled')).toEqual(['CANCELLED']);
  });
});
