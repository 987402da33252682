/**
 * Bounds on every string a GraphQL operation receives, before any resolver runs: no single string
 * argument (a declared variable or a literal, at any depth of an input object or list) longer than
 * `MAX_STRING_ARGUMENT_LENGTH`, and no lone UTF-16 surrogate (not representable in UTF-8, so no
 * database, mail or URL can carry it). The per-field limits of `src/domain/input-limits.ts` are
 * finer and answer per field; this is the cap for every argument, including those without one.
 */
import { GraphQLError, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isWellFormedText, MAX_STRING_ARGUMENT_LENGTH } from '../../src/domain/input-limits';

const PREFIX = 'Ungültige Anfrage: ';

export const inputGuardMessages = {
  tooLong: `${PREFIX}Ein Text ist zu lang (höchstens ${new Intl.NumberFormat('de-DE').format(MAX_STRING_ARGUMENT_LENGTH)} Zeichen je Angabe).`,
  malformed: `${PREFIX}Ein Text enthält ein ungültiges Zeichen (ein unvollständiges Unicode-Zeichen). Bitte geben Sie ihn erneut ein.`,
} as const;

/** The first problem of any string inside the value, or null. */
function stringProblem(value: unknown): keyof typeof inputGuardMessages | null {
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

const refusal = (problem: keyof typeof inputGuardMessages) =>
  new GraphQLError(inputGuardMessages[problem], {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });

export function inputGuardsPlugin(): Plugin {
  return {
    onParams({ params, setResult }) {
      // The document itself may not carry a broken character (its literals are checked below).
      if (typeof params.query === 'string' && !isWellFormedText(params.query)) {
        setResult({ errors: [refusal('malformed')] });
      }
    },
    onExecute({ args, setResultAndStopExecution }) {
      let problem: keyof typeof inputGuardMessages | null = null;
      // Variables the operation declares (others never reach a resolver), and every string literal.
      const declared = new Set<string>();
      visit(args.document, {
        [Kind.VARIABLE_DEFINITION](node) {
          declared.add(node.variable.name.value);
        },
        [Kind.STRING](node) {
          problem ??= stringProblem(node.value);
        },
      });
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      for (const name of declared) problem ??= stringProblem(variables[name]);
      if (problem) setResultAndStopExecution({ errors: [refusal(problem)] });
    },
  };
}
