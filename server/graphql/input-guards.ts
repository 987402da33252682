/**
 * Bounds on every string a GraphQL operation receives, before any resolver runs: no single string
 * argument (a declared variable or a literal, at any depth of an input object or list) longer than
 * `MAX_STRING_ARGUMENT_LENGTH`, and no lone UTF-16 surrogate (not representable in UTF-8, so no
 * database, mail or URL can carry it). The per-field limits of `src/domain/input-limits.ts` are
 * finer and answer per field; this is the cap for every argument, including those without one.
 */
import { type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isWellFormedText, MAX_STRING_ARGUMENT_LENGTH } from '../../src/domain/input-limits';

const PREFIX = 'Ungültige Anfrage: ';

export const inputGuardMessages = {
  tooLong: `${PREFIX}Ein Text ist zu lang (höchstens ${new Intl.NumberFormat('de-DE').format(MAX_STRING_ARGUMENT_LENGTH)} Zeichen je Angabe).`,
  malformed: `${PREFIX}Ein Text enthält ein ungültiges Zeichen (ein unvollständiges Unicode-Zeichen). Bitte geben Sie ihn erneut ein.`,
} as const;

type StringProblem = keyof typeof inputGuardMessages;

/** The first problem of any string inside the value, or null. */
function stringProblem(value: unknown): StringProblem | null {
  if (typeof value === 'string') {
    if (value.length > MAX_STRING_ARGUMENT_LENGTH) return 'tooLong';
    return isWellFormedText(value) ? null : 'malformed';
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = stringProblem(item);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') return stringProblem(Object.values(value));
  return null;
}

const refusal = (problem: StringProblem) =>
  new GraphQLError(inputGuardMessages[problem], {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });

/**
 * The variables an operation declares (others never reach a resolver) and the first problem of
 * its string literals, worked out once per parsed document: Yoga hands the same document object
 * to every request with the same text (its parser cache), so the PWA's operations are walked once.
 */
const documentsSeen = new WeakMap<
  DocumentNode,
  { declared: string[]; literalProblem: StringProblem | null }
>();

function documentStrings(document: DocumentNode) {
  let seen = documentsSeen.get(document);
  if (!seen) {
    const declared: string[] = [];
    let literalProblem: StringProblem | null = null;
    visit(document, {
      [Kind.VARIABLE_DEFINITION](node) {
        declared.push(node.variable.name.value);
      },
      [Kind.STRING](node) {
        literalProblem ??= stringProblem(node.value);
      },
    });
    seen = { declared, literalProblem };
    documentsSeen.set(document, seen);
  }
  return seen;
}

export function inputGuardsPlugin(): Plugin {
  return {
    onParams({ params, setResult }) {
      // The document itself may not carry a broken character (its literals are checked below).
      if (typeof params.query === 'string' && !isWellFormedText(params.query)) {
        setResult({ errors: [refusal('malformed')] });
      }
    },
    onExecute({ args, setResultAndStopExecution }) {
      const { declared, literalProblem } = documentStrings(args.document);
      let problem = literalProblem;
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      for (const name of declared) problem ??= stringProblem(variables[name]);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    },
  };
}
