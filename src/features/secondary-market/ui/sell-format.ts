import { decimalToCents } from '../../../domain/money';

export const cents = (value: string) => decimalToCents(value);

/** "Ornellaia" and 2016 → "Ornellaia 2016"; a title that already ends with its year stays as it is. */
export function vintageTitle(title: string, year: number): string {
  return title.endsWith(String(year)) ? title : `${title} ${year}`;
}

/** "Ornellaia 2021 (0,75l)". */
export function orderTitle(order: {
  vintage: { title: string; year: number };
  bottleSize: { title: string };
}) {
  return `${vintageTitle(order.vintage.title, order.vintage.year)} (${order.bottleSize.title})`;
}

/** Cents → "1234,50" for a German input field. */
export function centsToInput(value: number): string {
  return (value / 100).toFixed(2).replace('.', ',');
}
