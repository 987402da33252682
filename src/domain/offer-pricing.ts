import { type Cents, decimalToCents } from './money';

/** Case price = bottle price × bottles per case (spec: business constants). */
export function casePriceCents(bottlePrice: string, caskOf: number): Cents {
  return decimalToCents(bottlePrice) * caskOf;
}

/** Line total = cases × bottles per case × bottle price: what a position of an order, invoice or depot costs. */
export function lineTotalCents(cases: number, caskOf: number, bottlePrice: string): Cents {
  return cases * casePriceCents(bottlePrice, caskOf);
}

/** Price per liter = bottle price ÷ the bottle size's liter factor (0.75 for a standard bottle). */
export function pricePerLiterCents(bottlePrice: string, literFactor: string): Cents {
  return Math.round(decimalToCents(bottlePrice) / Number(literFactor));
}

/** Available cases = the sum of the purchase tranches' quantityAvailable; 0 means sold out. */
export function availableCases(tranches: readonly { quantityAvailable: number }[]): number {
  return tranches.reduce((sum, tranche) => sum + Math.max(0, tranche.quantityAvailable), 0);
}
