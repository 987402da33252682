import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readSchemaSdl } from '../../server/graphql/schema-files';
import type { InvoiceStage as ApiInvoiceStage } from '../../src/api/graphql.generated';
import {
  INVOICE_STAGE_KEYS,
  INVOICE_STAGES,
  type InvoiceStage,
  invoiceStageLabel,
  stagesOfGroup,
  stagesWhere,
} from '../../src/domain/invoice-stages';

// A stage added to the table but not to the schema (or the other way round) fails to compile here.
const sameStages: [ApiInvoiceStage] extends [InvoiceStage]
  ? [InvoiceStage] extends [ApiInvoiceStage]
    ? true
    : never
  : never = true;

describe('the invoice stages, defined once', () => {
  it('are the values of the GraphQL enum InvoiceStage, in its order', () => {
    expect(sameStages).toBe(true);
    const stageEnum = buildSchema(readSchemaSdl()).getType('InvoiceStage') as GraphQLEnumType;
    expect(stageEnum.getValues().map((value) => value.name)).toEqual([...INVOICE_STAGE_KEYS]);
  });

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
