import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function stringScalar(
  name: string,
  description: string,
  pattern: RegExp,
  serialize: (value: unknown) => string,
) {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !pattern.test(value)) {
      throw new GraphQLError(`Ungültiger Wert für ${name}.`, { extensions: { code: 'BAD_USER_INPUT' } });
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

export const scalarResolvers = {
  JSON: jsonScalar,
  DateTime: stringScalar(
    'DateTime',
    'ISO-8601 date and time',
    /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/,
    toIso,
  ),
  Date: stringScalar('Date', 'ISO-8601 date (YYYY-MM-DD)', /^\d{4}-\d{2}-\d{2}$/, (value) =>
    value instanceof Date ? value.toISOString().slice(0, 10) : String(value),
  ),
  Decimal: stringScalar('Decimal', 'Decimal number as a string, e.g. "1234.50"', /^-?\d+(\.\d+)?$/, String),
};
