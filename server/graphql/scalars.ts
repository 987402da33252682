import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function stringScalar(
  name: string,
  description: string,
  valid: RegExp | ((value: string) => boolean),
  serialize: (value: unknown) => string,
  message = `Ungültiger Wert für ${name}.`,
) {
  const test = typeof valid === 'function' ? valid : (value: string) => valid.test(value);
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !test(value)) {
      throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize,
    parseValue: parse,
    parseLiteral: (ast) =>
      parse(ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : null),
  });
}

const toIso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** Free-form JSON objects (vintage statistics); passed through unchanged. */
const jsonScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** A day that exists in the calendar, years 0001 to 9999 ("2026-02-30", "2026-13-01" and "0000-01-01" do not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** An ISO-8601 moment with a real date, a real time of day and an offset of at most ±14:00. */
export function isIsoDateTime(text: string): boolean {
  const match =
    /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (!match || !isCalendarDate(match[1] ?? '')) return false;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (match[5] !== 'Z' && (Number(match[7]) > 14 || Number(match[8]) > 59)) return false;
  return Number.isFinite(new Date(text).getTime());
}

/**
 * The largest decimal any column holds: money is numeric(12,2), so ten digits before the point;
 * the other numeric columns are narrower and checked by their operations.
 */
export const DECIMAL_MAX_INTEGER_DIGITS = 10;
const DECIMAL_PATTERN = new RegExp(`^-?\\d{1,${DECIMAL_MAX_INTEGER_DIGITS}}(\\.\\d{1,10})?$`);

export const scalarMessages = {
  date: 'Ungültiges Datum: Bitte geben Sie ein Datum an, das es im Kalender gibt (Format JJJJ-MM-TT).',
  dateTime:
    'Ungültiger Zeitpunkt: Bitte geben Sie ein Datum und eine Uhrzeit an, die es gibt (Format JJJJ-MM-TTThh:mm:ssZ).',
  decimal: `Ungültige Zahl: höchstens ${DECIMAL_MAX_INTEGER_DIGITS} Stellen vor dem Punkt, z. B. "1234.50".`,
} as const;

export const scalarResolvers = {
  JSON: jsonScalar,
  DateTime: stringScalar('DateTime', 'ISO-8601 date and time', isIsoDateTime, toIso, scalarMessages.dateTime),
  Date: stringScalar(
    'Date',
    'ISO-8601 date (YYYY-MM-DD)',
    isCalendarDate,
    (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value)),
    scalarMessages.date,
  ),
  Decimal: stringScalar(
    'Decimal',
    'Decimal number as a string, e.g. "1234.50"',
    DECIMAL_PATTERN,
    String,
    scalarMessages.decimal,
  ),
};
