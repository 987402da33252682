/**
 * Property-based fuzzing of every mutation of the schema (enumerated from the schema, so new
 * mutations are fuzzed too): arguments generated from the argument types with wrong types, huge and
 * negative numbers, unicode, empty and very long strings, each sent as a client and as staff.
 * Properties: no HTTP 5xx, nothing the server reports as an unexpected error, every refusal in
 * German (or one of the spec's verbatim English messages), and a refused call changes no table.
 *
 * FUZZ_RUNS sets the number of generated inputs over all mutations (each sent twice, as client and
 * staff): 600 by default so CI stays fast; `FUZZ_RUNS=10000` is the full run. FUZZ_SEED repeats a run.
 */
import fc from 'fast-check';
import {
  type GraphQLField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, databaseChecksum, writeMarker } from './support/db-checksum';
import { isGermanMessage } from './support/german';
import { databaseTargets, type GraphQLAnswer, startTestPortal, type TestPortal } from './support/harness';
import { callOf, loadSchema, rootFields } from './support/schema-operations';

const ACCOUNTS = { client: 'thomas.keller@example.com', staff: 'berater@example.com' } as const;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const schema = loadSchema();
const mutations = rootFields(schema, 'Mutation');
const runsPerMutation = Math.max(1, Math.ceil(FUZZ_RUNS / mutations.length));

/** Any JSON value: what a client sends when it gets the type wrong. */
const wrongType = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const hostileText = fc.constantFrom(
  '',
  ' ',
  '   \t\n',
  '0',
  '-1',
  'null',
  'NaN',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..%2f..%2fsecrets.json',
  '%00',
  '\u202egnp.exe',
  'Ärger über Öl, Süßes & Co.',
  '😀🍷🇩🇪',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'kunde@example.com',
  ' KUNDE@EXAMPLE.COM ',
  'a@b',
  '9'.repeat(40),
  '-99999999999999.99',
  '1e308',
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  // Lone UTF-16 surrogates (not representable in UTF-8).
  '\ud800',
  'Hallo \udc00 Welt',
  'Anna\ud83d',
);

const longText = fc
  .integer({ min: 10_000, max: 120_000 })
  .chain((length) =>
    fc.constantFrom('x', 'ä', '😀', '<b>').map((unit) => unit.repeat(Math.ceil(length / unit.length))),
  );

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: longText },
  { weight: 1, arbitrary: fc.emailAddress() },
);

const int32 = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.integer({ min: 1, max: 40 }),
  fc.constantFrom(0, -1, -100, 2 ** 31 - 1, -(2 ** 31)),
);

const decimalText = fc.oneof(
  fc
    .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
  fc.constantFrom(
    '0',
    '0.00',
    '-1.00',
    '-0.01',
    '1',
    '99999999999999999999.99',
    '999999999999999999999999999.99',
    '10000000000.00',
    '9'.repeat(200),
    '1.5',
    '1,50',
    '1e5',
  ),
  text,
);

const dateText = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-01-01', '9999-12-31', '2025-02-29', '2026-04-31'),
  text,
);

const dateTimeText = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc.constantFrom(
    '2026-01-15T25:61:00Z',
    '2026-02-30T10:00:00Z',
    '2026-01-15T10:00:00+99:99',
    '0000-01-01T00:00:00Z',
    '2026-13-01T10:00:00Z',
  ),
  text,
);

/** Values of the argument's own type, mostly hostile ones. */
function typedValue(type: GraphQLInputType): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return fc.array(argumentValue(inner.ofType), { maxLength: 4 });
  if (isEnumType(inner)) {
    return fc.oneof(
      fc.constantFrom(...inner.getValues().map((value) => value.value)),
      fc.string({ maxLength: 10 }),
    );
  }
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    return fc.record(Object.fromEntries(fields.map((field) => [field.name, argumentValue(field.type)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
  }
  switch (inner.name) {
    case 'Int':
      return int32;
    case 'Float':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, -0.01, 1e308, -1e308, 0.1),
      );
    case 'Boolean':
      return fc.boolean();
    case 'Decimal':
      return decimalText;
    case 'Date':
      return dateText;
    case 'DateTime':
      return dateTimeText;
    default:
      return text;
  }
}

/** A value for one argument: mostly of its type, sometimes of another, null for optional ones. */
function argumentValue(type: GraphQLInputType): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: typedValue(type) },
    { weight: 2, arbitrary: wrongType },
    ...(isNonNullType(type) ? [] : [{ weight: 1, arbitrary: fc.constant(null) }]),
  );
}

/** Arguments of a field; optional ones are sometimes left out. */
function argumentsOf(field: GraphQLField<unknown, unknown>): fc.Arbitrary<Record<string, unknown>> {
  if (field.args.length === 0) return fc.constant({});
  return fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, argumentValue(arg.type)])), {
    requiredKeys: field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => arg.name),
  });
}

/** A string of one million ASCII characters: with the rest of the request under the 1 MiB body limit. */
const ONE_MB_TEXT = 1_000_000;

const namedType = (type: GraphQLInputType) => {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? null : inner;
};

/** The top-level arguments of type String (or ID) of a field. */
function stringArguments(field: GraphQLField<unknown, unknown>): string[] {
  return field.args
    .filter((arg) => {
      const inner = namedType(arg.type);
      return (
        inner !== null &&
        !isEnumType(inner) &&
        !isInputObjectType(inner) &&
        ['String', 'ID'].includes(inner.name)
      );
    })
    .map((arg) => arg.name);
}

/** An ordinary value of the type (the smallest that passes the GraphQL types). */
function plainValue(type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [plainValue(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((input) => isNonNullType(input.type))
        .map((input) => [input.name, plainValue(input.type)]),
    );
  }
  switch (inner.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'Decimal':
      return '1.00';
    case 'Date':
      return '2026-01-15';
    case 'DateTime':
      return '2026-01-15T10:00:00Z';
    default:
      return 'a';
  }
}

/** Values for the required arguments of a field. */
function plainArguments(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => [arg.name, plainValue(arg.type)]),
  );
}

/** Every message of an answer: GraphQL errors and the mutation's own `errors` list. */
function messagesOf(answer: GraphQLAnswer, field: string): string[] {
  const payload = answer.data?.[field] as { errors?: { message?: unknown }[] } | null | undefined;
  return [
    ...(answer.errors ?? []).map((error) => error.message),
    ...(payload?.errors ?? []).map((error) => String(error.message)),
  ];
}

function isRefusal(answer: GraphQLAnswer, field: string): boolean {
  const payload = answer.data?.[field] as { success?: unknown } | null | undefined;
  return (
    Boolean(answer.errors?.length) || payload === null || payload === undefined || payload.success === false
  );
}

describe.each(databaseTargets)('Fuzzing aller Mutationen (%s)', (target) => {
  let portal: TestPortal;
  const tokens: Record<'client' | 'staff', string> = { client: '', staff: '' };
  let baseline: Record<string, string>;
  let marker: string;
  /** Inputs fast-check generated (each sent as client and as staff). */
  let generated = 0;
  let sent = 0;
  let refusals = 0;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    for (const role of ['client', 'staff'] as const) await signIn(role);
    baseline = await databaseChecksum(portal.db);
    marker = await writeMarker(portal.db);
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  async function signIn(role: 'client' | 'staff') {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }',
      { email: ACCOUNTS[role], password: 'Weindepot2026!' },
    );
    tokens[role] = answer.data?.tokenAuth.token ?? '';
    expect(tokens[role]).not.toBe('');
  }

  /** Sends one call and checks the four properties; an accepted call becomes the new baseline. */
  async function sendAndCheck(
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    role: 'client' | 'staff',
  ) {
    const { query, variables } = callOf('Mutation', field, args, 1);
    const errorsBefore = portal.unexpectedErrors.length;
    sent += 1;
    // Each call from its own address, so the per-IP flood limits do not hide the validation behind them.
    const ip = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    const answer = await portal.gql(query, variables, { token: tokens[role], ip });
    const label = `${field.name} als ${role} mit ${JSON.stringify(args).slice(0, 300)}`;
    expect(answer.status, label).toBeLessThan(500);
    expect(portal.unexpectedErrors.slice(errorsBefore), label).toEqual([]);
    const refused = isRefusal(answer, field.name);
    if (refused) {
      refusals += 1;
      const messages = messagesOf(answer, field.name);
      expect(messages.length, `${label}: Ablehnung ohne Meldung`).toBeGreaterThan(0);
      for (const message of messages) expect(isGermanMessage(message), `${label}: „${message}“`).toBe(true);
    }
    // A logout ends the caller's own session: the next calls need a fresh one to reach their checks.
    if (!refused && field.name === 'logout') await signIn(role);
    const now = await writeMarker(portal.db);
    if (now !== marker) {
      const checksum = await databaseChecksum(portal.db);
      if (refused)
        expect(changedTables(baseline, checksum), `${label} wurde abgelehnt, änderte aber`).toEqual([]);
      baseline = checksum;
      marker = await writeMarker(portal.db);
    }
  }

  it.each(mutations.map((field) => [field.name, field] as const))(
    '%s: no 5xx, no unexpected error, German refusals, refused calls change nothing',
    async (_name, field) => {
      await fc.assert(
        fc.asyncProperty(argumentsOf(field), async (args) => {
          generated += 1;
          await sendAndCheck(field, args, 'client');
          await sendAndCheck(field, args, 'staff');
        }),
        { numRuns: runsPerMutation, seed: FUZZ_SEED, endOnFailure: true },
      );
    },
    Math.max(60_000, runsPerMutation * 2_000),
  );

  it.each(
    mutations
      .filter((field) => stringArguments(field).length > 0)
      .map((field) => [field.name, field] as const),
  )(
    '%s: a 1 MB ASCII string in one string argument at a time is refused in German and changes nothing',
    async (_name, field) => {
      for (const name of stringArguments(field)) {
        // The cap applies before any resolver and role check, so one role is enough here.
        await sendAndCheck(field, { ...plainArguments(field), [name]: 'x'.repeat(ONE_MB_TEXT) }, 'client');
      }
    },
    120_000,
  );

  it(`sent at least ${FUZZ_RUNS} generated inputs (${runsPerMutation} per mutation, as client and staff)`, () => {
    expect(generated).toBeGreaterThanOrEqual(FUZZ_RUNS);
    expect(refusals).toBeGreaterThan(0);
    console.info(
      `[fuzz ${target}] ${generated} generierte Eingaben, ${sent} Aufrufe (mit den 1-MB-Texten), ${refusals} Ablehnungen`,
    );
  });
});
