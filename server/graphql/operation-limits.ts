/**
 * Limits on what one GraphQL operation may ask for (graphql-armor), so a single request cannot
 * make the server walk the object graph for seconds, and introspection only where configured.
 * The product's own operations (`src/**\/*.graphql`) stay well inside these limits:
 * `tests/api/graphql-hardening.test.ts` runs each of them through the server's parser and validator.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import {
  type ASTVisitor,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLOutputType,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Measured on the product's operations (deepest: 9 levels, costliest: `OfferPage` ≈ 1,650,
 * longest: ≈ 190 tokens, aliases: 4, directives: 0), with about three times that as headroom; the
 * list fan-out limit leaves more (largest: `OrderList` ≈ 5,750 values).
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
  /**
   * Values an operation may resolve when every list is assumed to hold `assumedListSize` entries
   * (`analyseListFanOut`): four nested lists with a few fields pass, five never do. graphql-armor's
   * cost ignores list sizes; this and the refusal of a list field selected again below itself
   * (`listFanOutRule`) keep a public query from multiplying the catalogue by itself.
   */
  maxListValues: 100_000,
  assumedListSize: 10,
} as const;

export const limitMessages = {
  depth: `Ungültige Anfrage: Die Abfrage ist zu tief verschachtelt (höchstens ${operationLimits.maxDepth} Ebenen).`,
  cost: 'Ungültige Anfrage: Die Abfrage ist zu umfangreich. Bitte fragen Sie weniger Felder auf einmal ab.',
  aliases: `Ungültige Anfrage: Die Abfrage enthält zu viele Aliase (höchstens ${operationLimits.maxAliases}).`,
  tokens: 'Ungültige Anfrage: Die Abfrage ist zu lang.',
  directives: `Ungültige Anfrage: Die Abfrage enthält zu viele Direktiven (höchstens ${operationLimits.maxDirectives}).`,
  listFanOut:
    'Ungültige Anfrage: Die Abfrage verschachtelt zu viele Listen ineinander (z. B. Weingüter → Weine → Jahrgänge → Angebote → Weine …). Bitte fragen Sie die Listen einzeln ab.',
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

/** How many entries a field's value counts as: `assumedListSize` per list level, else one. */
function entriesOf(type: GraphQLOutputType): number {
  let entries = 1;
  let current: GraphQLOutputType = isNonNullType(type) ? type.ofType : type;
  while (isListType(current)) {
    entries *= operationLimits.assumedListSize;
    const inner: GraphQLOutputType = current.ofType;
    current = isNonNullType(inner) ? inner.ofType : inner;
  }
  return entries;
}

export interface ListFanOut {
  /**
   * The values (objects and scalars) the selection resolves if every list holds
   * `assumedListSize` entries: a field inside n nested lists counts `assumedListSize`ⁿ times.
   */
  values: number;
  /** A list field (`Type.field`) selected again below itself on one path, e.g. `Winery.wines`; else null. */
  repeatedList: string | null;
  /** The list fields selected anywhere in the selection. */
  listFields: ReadonlySet<string>;
}

/**
 * How far an operation fans out over lists. Fragments count with their content; each named
 * fragment is analysed once, so the work stays linear in the document (fragment cycles count
 * nothing here, graphql-js refuses them anyway).
 */
export function analyseListFanOut(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  parentType: GraphQLNamedType,
): ListFanOut {
  const fragments = new Map<string, ListFanOut>();
  const inProgress = new Set<string>();
  const schema = context.getSchema();
  const nothing: ListFanOut = { values: 0, repeatedList: null, listFields: new Set() };

  const analyse = (set: SelectionSetNode, type: GraphQLNamedType): ListFanOut => {
    let values = 0;
    let repeatedList: string | null = null;
    const listFields = new Set<string>();
    const add = (part: ListFanOut) => {
      values += part.values;
      repeatedList ??= part.repeatedList;
      for (const key of part.listFields) listFields.add(key);
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field =
          isObjectType(type) || isInterfaceType(type) ? type.getFields()[selection.name.value] : undefined;
        const named = field ? getNamedType(field.type) : undefined;
        const inner =
          selection.selectionSet && named && isCompositeType(named)
            ? analyse(selection.selectionSet, named)
            : nothing;
        // __typename and unknown fields (reported by graphql-js) count as one value.
        const entries = field ? entriesOf(field.type) : 1;
        add({ ...inner, values: entries * (1 + inner.values) });
        if (field && entries > 1) {
          const key = `${type.name}.${field.name}`;
          if (inner.listFields.has(key)) repeatedList ??= key;
          listFields.add(key);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (condition && isCompositeType(condition)) add(analyse(selection.selectionSet, condition));
      } else {
        const name = selection.name.value;
        const known = fragments.get(name);
        if (known) {
          add(known);
          continue;
        }
        const fragment = context.getFragment(name);
        const condition = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined;
        if (!fragment || !condition || !isCompositeType(condition) || inProgress.has(name)) continue;
        inProgress.add(name);
        const result = analyse(fragment.selectionSet, condition);
        inProgress.delete(name);
        fragments.set(name, result);
        add(result);
      }
    }
    return { values, repeatedList, listFields };
  };
  return analyse(selectionSet, parentType);
}

/**
 * Refuses an operation that selects a list field again below itself (a cycle such as
 * Winery.wines → Wine.vintages → Vintage.offerRel → Offer.vintage → Vintage.wine → Wine.winery →
 * Winery.wines multiplies the catalogue by itself) or whose estimated values exceed `maxListValues`.
 */
export function listFanOutRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const fanOut = analyseListFanOut(context, operation.selectionSet, root);
      if (fanOut.repeatedList === null && fanOut.values <= operationLimits.maxListValues) return;
      context.reportError(
        new GraphQLError(limitMessages.listFanOut, {
          nodes: [operation],
          extensions: { code: QUERY_TOO_COMPLEX, http: { status: 400 } },
        }),
      );
    },
  };
}

export function operationLimitsPlugin(): Plugin {
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(armorPlugin());
    },
    onValidate({ addValidationRule }) {
      addValidationRule(listFanOutRule);
    },
  };
}

function armorPlugin(): Plugin {
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
