/**
 * The GraphQL documents of the API tests (`tests/api/documents/<journey>.graphql`), checked against
 * the server's schema when a test file loads them: a renamed field or argument fails the file that
 * sends the document with the schema's own message, before any request, instead of a request
 * answering `errors` that a test may not even look at.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  validate,
  visit,
} from 'graphql';
import { readSchemaSdl } from '../../../server/graphql/schema-files';

export const API_DOCUMENTS_DIR = path.resolve(import.meta.dirname, '../documents');

let schema: GraphQLSchema | undefined;
const serverSchema = () => {
  schema ??= buildSchema(readSchemaSdl());
  return schema;
};

/** Every `.graphql` file of the API tests, by journey (the file's name without `.graphql`). */
export function apiDocumentJourneys(): string[] {
  return readdirSync(API_DOCUMENTS_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .map((name) => name.slice(0, -'.graphql'.length))
    .sort();
}

/** The schema's objections to a journey's documents (empty when every operation is valid). */
export function apiDocumentErrors(journey: string): string[] {
  const file = path.join(API_DOCUMENTS_DIR, `${journey}.graphql`);
  const document = parse(readFileSync(file, 'utf8'));
  const names = document.definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION ? [definition.name?.value ?? ''] : [],
  );
  const unnamed = names.includes('') ? [`${journey}.graphql: jede Operation braucht einen Namen`] : [];
  const twice = names.filter((name, index) => name && names.indexOf(name) !== index);
  return [
    ...unnamed,
    ...twice.map((name) => `${journey}.graphql: Operation ${name} steht zweimal`),
    ...validate(serverSchema(), document).map((error) => `${journey}.graphql: ${error.message}`),
  ];
}

/**
 * The operations of `tests/api/documents/<journey>.graphql`: a function that answers an operation's
 * text to send (with the fragments it spreads) by its name. Throws when the schema rejects a
 * document, and when a test asks for an operation the file does not hold.
 */
export function apiOperations(journey: string): (name: string) => string {
  const errors = apiDocumentErrors(journey);
  if (errors.length > 0) throw new Error(errors.join('\n'));
  const document = parse(readFileSync(path.join(API_DOCUMENTS_DIR, `${journey}.graphql`), 'utf8'));
  const fragments = new Map(
    document.definitions
      .filter(
        (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const operations = new Map<string, string>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
    operations.set(definition.name.value, print(withFragments(definition, fragments)));
  }
  return (name) => {
    const text = operations.get(name);
    if (text === undefined)
      throw new Error(`tests/api/documents/${journey}.graphql hat keine Operation ${name}`);
    return text;
  };
}

function withFragments(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): DocumentNode {
  const needed = new Map<string, DefinitionNode>();
  const pending: DefinitionNode[] = [operation];
  for (let node = pending.pop(); node; node = pending.pop()) {
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !needed.has(spread.name.value)) {
          needed.set(spread.name.value, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return { kind: Kind.DOCUMENT, definitions: [operation, ...needed.values()] };
}
