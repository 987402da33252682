/**
 * Bounds on every string a GraphQL operation receives, before any resolver runs: no single string
 * argument (a declared variable or a literal, at any depth of an input object or list) longer than
 * `MAX_STRING_ARGUMENT_LENGTH`, and no lone UTF-16 surrogate (not representable in UTF-8, so no
 * database, mail or URL can carry it). The per-field limits of `src/domain/input-limits.ts` are
 * finer and answer per field; this is the cap for every argument, including those without one.
 * An argument whose schema declares `@maxLength(chars:)` (a whole file, such as a stock report)
 * has that cap instead.
 */
import {
  type DocumentNode,
  type GraphQLArgument,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isWellFormedText, MAX_STRING_ARGUMENT_LENGTH } from '../../src/domain/input-limits';

const PREFIX = 'Ungültige Anfrage: ';
const count = new Intl.NumberFormat('de-DE');

const tooLongMessage = (cap: number) =>
  `${PREFIX}Ein Text ist zu lang (höchstens ${count.format(cap)} Zeichen je Angabe).`;

export const inputGuardMessages = {
  tooLong: tooLongMessage(MAX_STRING_ARGUMENT_LENGTH),
  malformed: `${PREFIX}Ein Text enthält ein ungültiges Zeichen (ein unvollständiges Unicode-Zeichen). Bitte geben Sie ihn erneut ein.`,
} as const;

/** What is wrong with a string: too long for its cap (the cap), or not well-formed. */
type StringProblem = { kind: 'tooLong'; cap: number } | { kind: 'malformed' };

/** The first problem of any string inside the value, or null. */
function stringProblem(value: unknown, cap: number): StringProblem | null {
  if (typeof value === 'string') {
    if (value.length > cap) return { kind: 'tooLong', cap };
    return isWellFormedText(value) ? null : { kind: 'malformed' };
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = stringProblem(item, cap);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') return stringProblem(Object.values(value), cap);
  return null;
}

const refusal = (problem: StringProblem) =>
  new GraphQLError(problem.kind === 'tooLong' ? tooLongMessage(problem.cap) : inputGuardMessages.malformed, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });

/** The cap of an argument: its schema's `@maxLength(chars:)`, else the API's cap. */
function argumentCap(argument: GraphQLArgument | null | undefined): number {
  const directive = argument?.astNode?.directives?.find((node) => node.name.value === 'maxLength');
  const chars = directive?.arguments?.find((node) => node.name.value === 'chars')?.value;
  return chars?.kind === Kind.INT ? Number.parseInt(chars.value, 10) : MAX_STRING_ARGUMENT_LENGTH;
}

/**
 * The variables an operation declares (others never reach a resolver) with the cap of each, and
 * the first problem of its string literals, worked out once per parsed document: Yoga hands the
 * same document object to every request with the same text (its parser cache), so the PWA's
 * operations are walked once. A variable gets a larger cap only when every use of it is an
 * argument with `@maxLength` (GraphQL's validation keeps such a variable out of other arguments'
 * places only by type, and all of these are `String`).
 */
const documentsSeen = new WeakMap<
  DocumentNode,
  { caps: Map<string, number>; literalProblem: StringProblem | null }
>();

function documentStrings(document: DocumentNode, schema: GraphQLSchema) {
  let seen = documentsSeen.get(document);
  if (seen) return seen;
  const declared: string[] = [];
  const uses = new Map<string, number[]>();
  const argumentCaps: number[] = [];
  let literalProblem: StringProblem | null = null;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.VARIABLE_DEFINITION](node) {
        declared.push(node.variable.name.value);
      },
      [Kind.ARGUMENT]: {
        enter() {
          argumentCaps.push(argumentCap(typeInfo.getArgument()));
        },
        leave() {
          argumentCaps.pop();
        },
      },
      [Kind.VARIABLE](node) {
        const cap = argumentCaps.at(-1);
        if (cap !== undefined) uses.set(node.name.value, [...(uses.get(node.name.value) ?? []), cap]);
      },
      [Kind.STRING](node) {
        literalProblem ??= stringProblem(node.value, argumentCaps.at(-1) ?? MAX_STRING_ARGUMENT_LENGTH);
      },
    }),
  );
  const caps = new Map(
    declared.map((name) => [name, Math.min(...(uses.get(name) ?? [MAX_STRING_ARGUMENT_LENGTH]))]),
  );
  seen = { caps, literalProblem };
  documentsSeen.set(document, seen);
  return seen;
}

export function inputGuardsPlugin(): Plugin {
  return {
    onParams({ params, setResult }) {
      // The document itself may not carry a broken character (its literals are checked below).
      if (typeof params.query === 'string' && !isWellFormedText(params.query)) {
        setResult({ errors: [refusal({ kind: 'malformed' })] });
      }
    },
    onExecute({ args, setResultAndStopExecution }) {
      const { caps, literalProblem } = documentStrings(args.document, args.schema);
      let problem = literalProblem;
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      for (const [name, cap] of caps) problem ??= stringProblem(variables[name], cap);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    },
  };
}
