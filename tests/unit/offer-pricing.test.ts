import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain/money';
import { availableCases, casePriceCents, pricePerLiterCents } from '../../src/domain/offer-pricing';

describe('Angebotspreise', () => {
  it('multiplies the bottle price by the bottles per case', () => {
    expect(formatEuro(casePriceCents('785.00', 6))).toBe('4.710,00 €');
    expect(formatEuro(casePriceCents('1299.90', 3))).toBe('3.899,70 €');
  });

  it.each([
    ['75.00', '0.7500', '100,00 €'],
    ['150.00', '1.5000', '100,00 €'],
    ['49.99', '0.3750', '133,31 €'],
  ])('a bottle at %s with liter factor %s costs %s per liter', (price, factor, perLiter) => {
    expect(formatEuro(pricePerLiterCents(price, factor))).toBe(perLiter);
  });

  it('sums the available cases of the tranches; none left means sold out', () => {
    expect(availableCases([{ quantityAvailable: 3 }, { quantityAvailable: 5 }])).toBe(8);
    expect(availableCases([{ quantityAvailable: 0 }])).toBe(0);
    expect(availableCases([])).toBe(0);
  });
});
