/**
 * Limits on what one GraphQL operation may ask for (graphql-armor), so a single request cannot
 * make the server walk the object graph for seconds, and introspection only where configured.
 * The product's own operations (`src/queries/**\/*.graphql`) stay well inside these limits:
 * `tests/api/graphql-hardening.test.ts` runs each of them through the server's parser and validator.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Measured on the product's operations (deepest: 9 levels, costliest: `OfferPage` ≈ 1,650,
 * longest: ≈ 190 tokens, aliases: 4, directives: 0), with about three times that as headroom.
 */
export const operationLimits = {
  /** Nesting of selections; fragments count with the depth of their content. */
  maxDepth: 12,
  /** graphql-armor's cost: 1 per scalar, 2 per object, × 1.5 per level of nesting. */
  maxCost: 5_000,
  /** Aliased fields (`__typename` excepted): defeats batching many sign-ins into one request. */
  maxAliases: 10,
  /** Lexical tokens of the document (names, punctuation, values). */
  maxTokens: 1_000,
  maxDirectives: 10,
} as const;

export const limitMessages = {
  depth: `Ungültige Anfrage: Die Abfrage ist zu tief verschachtelt (höchstens ${operationLimits.maxDepth} Ebenen).`,
  cost: 'Ungültige Anfrage: Die Abfrage ist zu umfangreich. Bitte fragen Sie weniger Felder auf einmal ab.',
  aliases: `Ungültige Anfrage: Die Abfrage enthält zu viele Aliase (höchstens ${operationLimits.maxAliases}).`,
  tokens: 'Ungültige Anfrage: Die Abfrage ist zu lang.',
  directives: `Ungültige Anfrage: Die Abfrage enthält zu viele Direktiven (höchstens ${operationLimits.maxDirectives}).`,
  introspection: 'Ungültige Anfrage: Die Schema-Abfrage (Introspection) ist auf diesem Server abgeschaltet.',
} as const;

export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/** Reports a broken limit with its German message; the parser (no validation context) must throw. */
function rejectWith(message: string) {
  return (context: ValidationContext | null) => {
    const error = new GraphQLError(message, {
      extensions: { code: QUERY_TOO_COMPLEX, http: { status: 400 } },
    });
    if (!context) throw error;
    context.reportError(error);
  };
}

const rejection = (message: string) => ({ propagateOnRejection: false, onReject: [rejectWith(message)] });

export function operationLimitsPlugin(): Plugin {
  return EnvelopArmorPlugin({
    maxDepth: { n: operationLimits.maxDepth, flattenFragments: true, ...rejection(limitMessages.depth) },
    costLimit: { maxCost: operationLimits.maxCost, flattenFragments: true, ...rejection(limitMessages.cost) },
    maxAliases: { n: operationLimits.maxAliases, ...rejection(limitMessages.aliases) },
    maxTokens: { n: operationLimits.maxTokens, ...rejection(limitMessages.tokens) },
    maxDirectives: { n: operationLimits.maxDirectives, ...rejection(limitMessages.directives) },
    // "Did you mean …" would list the schema's field names even with introspection off.
    blockFieldSuggestion: { enabled: true, mask: '' },
  });
}

/** Refuses `__schema` and `__type` (not `__typename`) when introspection is switched off. */
export function disableIntrospectionPlugin(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule((context: ValidationContext) => {
        // The rule reports in English; its own view of the context reports the German message.
        const germanContext: ValidationContext = Object.create(context);
        germanContext.reportError = (error) =>
          context.reportError(
            new GraphQLError(limitMessages.introspection, {
              nodes: error.nodes,
              extensions: { code: 'INTROSPECTION_DISABLED', http: { status: 400 } },
            }),
          );
        return NoSchemaIntrospectionCustomRule(germanContext);
      });
    },
  };
}
