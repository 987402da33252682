import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The SDL: `schema.graphql` (scalars, shared types, entry operations) followed by one file per
 * business area in `schema/` that extends Query and Mutation, so areas are edited independently.
 */
export function readSchemaSdl(): string {
  const areaDir = path.join(here, 'schema');
  const areaFiles = readdirSync(areaDir)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => path.join(areaDir, name));
  return [path.join(here, 'schema.graphql'), ...areaFiles]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}
