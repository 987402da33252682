/**
 * Builds calls of the schema's root fields from the schema itself (readSchemaSdl + buildSchema), so
 * the authorization matrix and the fuzz test cover every operation, also ones added later.
 */
import {
  buildSchema,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';
import { readSchemaSdl } from '../../../server/graphql/schema-files';

export type RootKind = 'Query' | 'Mutation';

export function loadSchema(): GraphQLSchema {
  return buildSchema(readSchemaSdl());
}

export function rootFields(schema: GraphQLSchema, kind: RootKind): GraphQLField<unknown, unknown>[] {
  const type = kind === 'Query' ? schema.getQueryType() : schema.getMutationType();
  return type ? Object.values(type.getFields()) : [];
}

const hasRequiredArgs = (field: GraphQLField<unknown, unknown>) =>
  field.args.some((arg) => isNonNullType(arg.type));

/**
 * A selection set for a field's type: scalar and enum fields plus `__typename`; object fields
 * (without required arguments) nested up to `depth` more levels, else only their `__typename`.
 */
export function selectionFor(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isUnionType(named) || isInterfaceType(named)) return '{ __typename }';
  if (!isObjectType(named)) return '';
  const parts = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (hasRequiredArgs(field)) continue;
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(field.name);
    else if (depth > 0) parts.push(`${field.name} ${selectionFor(field.type, depth - 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** Chooses the value of an argument; `undefined` falls back to the type's minimal value. */
export type ArgumentChooser = (argumentName: string, type: GraphQLInputType) => unknown;

/** The smallest valid value of an input type: an id 1, a short text, the first enum value, … */
export function minimalValue(type: GraphQLInputType, choose?: ArgumentChooser, name = ''): unknown {
  const chosen = choose?.(name, type);
  if (chosen !== undefined) return chosen;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [minimalValue(inner.ofType, choose, name)];
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (isNonNullType(field.type)) value[field.name] = minimalValue(field.type, choose, field.name);
    }
    return value;
  }
  return scalarSample((inner as GraphQLNamedType).name);
}

function scalarSample(name: string): unknown {
  switch (name) {
    case 'Int':
      return 1;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return true;
    case 'Decimal':
      return '1.00';
    case 'Date':
      return '2026-01-15';
    case 'DateTime':
      return '2026-01-15T10:00:00Z';
    case 'JSON':
      return {};
    default:
      return 'x';
  }
}

export interface RootCall {
  query: string;
  variables: Record<string, unknown>;
}

/**
 * A named operation calling one root field with the given argument values (only the arguments
 * present in `args` are passed, as variables of the arguments' own types).
 */
export function callOf(
  kind: RootKind,
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
  selectionDepth = 0,
): RootCall {
  const used = field.args.filter((arg) => arg.name in args);
  const declarations = used.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = used.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const operation = kind === 'Query' ? 'query' : 'mutation';
  const query = `${operation} Call${declarations ? `(${declarations})` : ''} { ${field.name}${
    passed ? `(${passed})` : ''
  } ${selectionFor(field.type, selectionDepth)} }`;
  return { query, variables: args };
}

/** The required arguments of a field with minimal values (or the chooser's). */
export function requiredArguments(
  field: GraphQLField<unknown, unknown>,
  choose?: ArgumentChooser,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const arg of field.args) {
    if (isNonNullType(arg.type)) args[arg.name] = minimalValue(arg.type, choose, arg.name);
  }
  return args;
}
