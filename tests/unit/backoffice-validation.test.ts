import { describe, expect, it } from 'vitest';
import {
  backofficeMessages,
  EURO_INPUT,
  priceInputDecimal,
  priceInputProblem,
  validateAmount,
  validatePrice,
} from '../../src/domain/backoffice-validation';

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

describe('Preise, wie Mitarbeiter sie tippen und lesen', () => {
  it.each([
    ['1.520,00', '1520.00'],
    ['239,00', '239.00'],
    ['239,5', '239.50'],
    ['239', '239.00'],
    [' 1.234.567,89 € ', '1234567.89'],
    // The dot groups thousands as in German text; the API's own form is read as well.
    ['1.520', '1520.00'],
    ['239.00', '239.00'],
    ['0,50', '0.50'],
  ])('%j → %j (the API decimal sent)', (input, decimal) => {
    expect(priceInputDecimal(input)).toBe(decimal);
    expect(priceInputProblem(input)).toBeNull();
  });

  it.each(['', 'abc', '0,00', '0', '-5,00', '12,345', '1,520.00', '1.52,00', '12,,00'])(
    '%j is no price',
    (input) => {
      expect(priceInputDecimal(input)).toBeNull();
      expect(priceInputProblem(input)).toBe(backofficeMessages.priceInput);
    },
  );

  it('asks the field rule about the decimal it read, e.g. the invoice price limit', () => {
    const atMostTen = (decimal: string) => (Number(decimal) > 10 ? 'zu hoch' : null);
    expect(priceInputProblem('10,00', atMostTen)).toBeNull();
    expect(priceInputProblem('10,01', atMostTen)).toBe('zu hoch');
  });

  it('starts a field with the stored decimal in German form, and reads it back unchanged', () => {
    for (const stored of ['1520.00', '239.00', '0.50', '999999.99', '1234567.89']) {
      const shown = EURO_INPUT.show(stored);
      expect(shown).toMatch(/,\d{2}$/);
      expect(EURO_INPUT.read(shown)).toBe(stored);
    }
    expect(EURO_INPUT.show('1520.00')).toBe('1.520,00');
    expect(EURO_INPUT.show('239.00')).toBe('239,00');
    expect(EURO_INPUT.show('')).toBe('');
  });

  it('says every message in German', () => {
    for (const message of Object.values(backofficeMessages)) {
      expect(message).toMatch(/^(Die|Der|Bitte) /);
    }
  });
});
