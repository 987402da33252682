import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, formatEuro, multiplyCents } from '../../src/domain/money';

describe('Geldbeträge', () => {
  it.each([
    ['1234.56', 123456],
    ['1234.5', 123450],
    ['0.07', 7],
    ['12', 1200],
    ['-3.10', -310],
    ['0.005', 1],
    ['0.004', 0],
  ])('liest %s als %i Cent', (decimal, cents) => {
    expect(decimalToCents(decimal)).toBe(cents);
  });

  it('refuses what is not a decimal number', () => {
    expect(() => decimalToCents('12,50')).toThrow();
    expect(() => decimalToCents('abc')).toThrow();
  });

  it.each([
    [123456, '1234.56'],
    [7, '0.07'],
    [-310, '-3.10'],
  ])('schreibt %i Cent als %s', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
  });

  it.each([
    [123456, '1.234,56 €'],
    [5, '0,05 €'],
    [123456789, '1.234.567,89 €'],
    [-50, '−0,50 €'],
    [-4, '−0,04 €'],
    [0, '0,00 €'],
  ])('formatiert %i Cent als %s', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  it('sums 10,000 positions of 0.10 € exactly', () => {
    const total = Array.from({ length: 10_000 }, () => decimalToCents('0.10')).reduce((a, b) => a + b, 0);
    expect(formatEuro(total)).toBe('1.000,00 €');
  });

  it('scales a bottle price to a magnum by the liter factor', () => {
    expect(multiplyCents(decimalToCents('250.00'), '2.0000')).toBe(50_000);
  });
});
