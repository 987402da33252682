import { decimalToCents } from '../../domain/money';

export const cents = (value: string) => decimalToCents(value);

/** 1 → "1 Kiste", 3 → "3 Kisten". */
export const casesLabel = (cases: number) => (cases === 1 ? '1 Kiste' : `${cases} Kisten`);

/** "Ornellaia 2021 (0,75l)". */
export function orderTitle(order: {
  vintage: { title: string; year: number };
  bottleSize: { title: string };
}) {
  const title = order.vintage.title.endsWith(String(order.vintage.year))
    ? order.vintage.title
    : `${order.vintage.title} ${order.vintage.year}`;
  return `${title} (${order.bottleSize.title})`;
}

/** Cents → "1234,50" for a German input field. */
export function centsToInput(value: number): string {
  return (value / 100).toFixed(2).replace('.', ',');
}
