import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  visit,
} from 'graphql';

interface PwaOperation {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  node: OperationDefinitionNode;
  /** The operation with the fragments it uses, as the PWA sends it. */
  text: string;
}

/** Every operation of the PWA (`src/**\/*.graphql`) with the fragments it needs. */
export function pwaOperations(): PwaOperation[] {
  const root = path.resolve(import.meta.dirname, '../../../src');
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.graphql'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const definitions = files.flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
  const fragments = new Map(
    definitions
      .filter(
        (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return definitions
    .filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    )
    .map((operation) => {
      const needed = new Set<string>();
      const pending: (OperationDefinitionNode | FragmentDefinitionNode)[] = [operation];
      while (pending.length > 0) {
        const node = pending.pop();
        if (!node) break;
        visit(node, {
          FragmentSpread(spread) {
            const fragment = fragments.get(spread.name.value);
            if (fragment && !needed.has(spread.name.value)) {
              needed.add(spread.name.value);
              pending.push(fragment);
            }
          },
        });
      }
      const document: DocumentNode = {
        kind: Kind.DOCUMENT,
        definitions: [operation, ...[...needed].flatMap((name) => fragments.get(name) ?? [])],
      };
      return {
        name: operation.name?.value ?? '(unbenannt)',
        kind: operation.operation,
        node: operation,
        text: print(document),
      };
    });
}
