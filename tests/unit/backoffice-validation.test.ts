import { describe, expect, it } from 'vitest';
import { backofficeMessages, validateAmount, validatePrice } from '../../src/domain/backoffice-validation';

describe('Back-office-Eingaben', () => {
  it.each([
    ['12', null],
    ['0', null],
    [' 7 ', null],
    ['abc', backofficeMessages.amountNumeric],
    ['', backofficeMessages.amountNumeric],
    ['-1', backofficeMessages.amountWhole],
    ['1.5', backofficeMessages.amountWhole],
  ])('amount %j → %s', (value, message) => {
    expect(validateAmount(value)).toBe(message);
  });

  it.each([
    ['249.00', null],
    ['0.50', null],
    ['12', backofficeMessages.priceFormat],
    ['12.5', backofficeMessages.priceFormat],
    ['12,50', backofficeMessages.priceNumeric],
    ['-3.00', backofficeMessages.priceFormat],
    ['0.00', backofficeMessages.priceFormat],
    ['zwölf', backofficeMessages.priceNumeric],
  ])('price %j → %s', (value, message) => {
    expect(validatePrice(value)).toBe(message);
  });
});
