import { describe, expect, it } from 'vitest';
import {
  formatInvoiceDate,
  invoiceCheckTexts,
  invoiceChoiceLabel,
  invoiceNumberProblem,
  invoicePositionAmountProblem,
  invoicePositionChangeProblems,
  invoicePositionPriceProblem,
} from '../../src/domain/backoffice-invoices';
import { backofficeMessages } from '../../src/domain/backoffice-validation';

describe('Rechnungsnummer im Back Office (JJJJ-NNNN)', () => {
  it.each([
    ['2026-0042', null],
    [' 2026-0001 ', null],
    ['2026-12345', null],
    ['2026-0000', invoiceCheckTexts.invoiceNumberInvalid],
    ['26-0042', invoiceCheckTexts.invoiceNumberInvalid],
    ['2026-42', invoiceCheckTexts.invoiceNumberInvalid],
    ['2026/0042', invoiceCheckTexts.invoiceNumberInvalid],
    ['2026-0042a', invoiceCheckTexts.invoiceNumberInvalid],
    ['', invoiceCheckTexts.invoiceNumberInvalid],
  ])('%j → %s', (value, expected) => {
    expect(invoiceNumberProblem(value)).toBe(expected);
  });

  it('says the expected form in German', () => {
    expect(invoiceCheckTexts.invoiceNumberInvalid).toBe('Die Rechnungsnummer muss die Form JJJJ-NNNN haben.');
  });
});

describe('Anzahl Kisten einer Rechnungsposition', () => {
  it.each([
    ['1', null],
    ['12', null],
    ['100', null],
    [' 3 ', null],
    [7, null],
    ['', backofficeMessages.amountNumeric],
    ['zwei', backofficeMessages.amountNumeric],
    ['-1', backofficeMessages.amountWhole],
    ['1.5', backofficeMessages.amountWhole],
    ['0', invoiceCheckTexts.amountZero],
    ['101', 'Es können höchstens 100 Kisten je Position bestellt werden.'],
  ])('%j → %s', (value, expected) => {
    expect(invoicePositionAmountProblem(value)).toBe(expected);
  });
});

describe('Preis pro Flasche einer Rechnungsposition', () => {
  it.each([
    ['239.00', null],
    ['0.01', null],
    ['999999.99', null],
    ['', backofficeMessages.priceNumeric],
    ['12,50', backofficeMessages.priceNumeric],
    ['12.5', backofficeMessages.priceFormat],
    ['12', backofficeMessages.priceFormat],
    ['0.00', backofficeMessages.priceFormat],
    ['-5.00', backofficeMessages.priceFormat],
    ['1000000.00', invoiceCheckTexts.priceTooHigh],
  ])('%j → %s', (value, expected) => {
    expect(invoicePositionPriceProblem(value)).toBe(expected);
  });
});

describe('Änderung einer Rechnungsposition', () => {
  it('checks each given field and names it', () => {
    expect(invoicePositionChangeProblems({ amount: '2', buyPriceBtl: '229.00' })).toEqual([]);
    expect(invoicePositionChangeProblems({ amount: 'x', buyPriceBtl: '1' })).toEqual([
      { field: 'amount', message: backofficeMessages.amountNumeric },
      { field: 'buyPriceBtl', message: backofficeMessages.priceFormat },
    ]);
    expect(invoicePositionChangeProblems({ buyPriceBtl: '12,5' })).toEqual([
      { field: 'buyPriceBtl', message: backofficeMessages.priceNumeric },
    ]);
    expect(invoicePositionChangeProblems({ amount: null })).toEqual([]);
  });
});

describe('Eintrag der Liste "Rechnung wählen"', () => {
  it('shows id, customer and German date', () => {
    expect(
      invoiceChoiceLabel({
        id: 12,
        date: '2026-05-03',
        firstName: 'Thomas',
        lastName: 'Keller',
        email: 'thomas.keller@example.com',
      }),
    ).toBe('#12 · Thomas Keller (thomas.keller@example.com) · 03.05.2026');
  });

  it('marks a checked invoice, whose date and number can still be corrected', () => {
    const invoice = {
      id: 12,
      date: '2026-05-03',
      firstName: 'Thomas',
      lastName: 'Keller',
      email: 'tk@example.com',
    };
    expect(invoiceChoiceLabel({ ...invoice, stage: 'CHECK_DONE' })).toBe(
      '#12 · Thomas Keller (tk@example.com) · 03.05.2026 · Prüfung abgeschlossen',
    );
    expect(invoiceChoiceLabel({ ...invoice, stage: 'CHECK_NEEDED' })).toBe(
      '#12 · Thomas Keller (tk@example.com) · 03.05.2026',
    );
  });

  it('falls back to the e-mail without a name and leaves out a missing date', () => {
    expect(invoiceChoiceLabel({ id: 3, date: null, firstName: '', lastName: '', email: 'a@b.de' })).toBe(
      '#3 · a@b.de',
    );
  });

  it('reads a calendar date as it is and a timestamp by its day in Germany', () => {
    expect(formatInvoiceDate('2026-01-31')).toBe('31.01.2026');
    expect(formatInvoiceDate('2026-01-31T23:30:00.000Z')).toBe('01.02.2026');
  });
});
