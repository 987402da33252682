/**
 * Money in integer cents: parsed from the database's `numeric` strings, summed as integers and
 * formatted only at the edge as `1.234,56 €` (de-DE, two decimals).
 */
export type Cents = number;

const euroFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1234.5" / "1234.50" / "-3" → cents, exactly (no float arithmetic on the decimal string). */
export function decimalToCents(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = text.match(/^(-)?(\d+)(?:\.(\d+))?$/);
  if (!match) throw new Error(`Kein gültiger Geldbetrag: "${value}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}000`;
  // Round half away from zero on the third decimal.
  const cents = Number(whole) * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return sign ? -cents : cents;
}

/** Cents → the database's decimal string, e.g. 123456 → "1234.56". */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 → "1.234,56 €"; −5000 → "−50,00 €" with the minus sign, as German typesetting writes it. */
export function formatEuro(cents: Cents): string {
  const rounded = Math.round(cents);
  return `${rounded < 0 ? '−' : ''}${euroFormat.format(Math.abs(rounded) / 100)} €`;
}

/** Multiplies a cent amount by a decimal factor (e.g. a liter factor "1.5000") and rounds to cents. */
export function multiplyCents(cents: Cents, factor: string | number): Cents {
  return Math.round(cents * Number(factor));
}

/**
 * An amount typed the German way ("1.520,00", "95,5", "95") or as the API's decimal ("1520.00")
 * → cents; null when it is no amount of at least 0 with at most two decimals. A dot followed by
 * groups of three digits only ("1.520") groups thousands, as a German reader means it.
 */
export function parseEuroInput(value: string): Cents | null {
  const text = value.trim().replace(/\s|€/g, '');
  if (text === '') return null;
  let normalized: string;
  if (text.includes(',')) {
    // German: dots group thousands, the comma separates the decimals.
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(text)) return null;
    normalized = text.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    normalized = text.replace(/\./g, '');
  } else {
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
    normalized = text;
  }
  return decimalToCents(normalized);
}

/** A stored decimal as an input field starts with: "1520.00" → "1.520,00"; none → "". */
export function decimalToEuroInput(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  return euroFormat.format(decimalToCents(value) / 100);
}

/** numerator ÷ denominator rounded half up, for non-negative integers (exact, no float). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}
