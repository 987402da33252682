/**
 * No function of the PWA's screens and components (src/features, src/components, src/app) and none
 * of the server is longer than 120 lines, hooks, callbacks and helpers included: a longer one mixes
 * what a screen shows with what it decides, and a reader cannot hold it. Generated files are
 * exempt. Measured on TypeScript's syntax tree, so a nested function counts on its own and also
 * inside the one around it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 120;
const folders = ['src/features', 'src/components', 'src/app', 'server'];
const generated = /\.generated\.tsx?$|[/\\]graphql\.generated\.ts$/;

/**
 * The functions still over the limit, with their length today: each may only shrink. A new long
 * function fails, a listed one that grows fails, and one that got short must leave the list.
 */
const STILL_LONG: Record<string, number> = {};

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !generated.test(file));
}

/** The name a reader finds a function by: its own, its variable's, its property's or its method's. */
function nameOf(node: ts.Node): string {
  const own = (node as ts.FunctionLikeDeclaration).name;
  if (own && ts.isIdentifier(own)) return own.text;
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  if (parent && ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return '(anonymous)';
}

interface LongFunction {
  /** "file name", the key of `STILL_LONG` (no line number: it moves with every edit above). */
  key: string;
  line: number;
  lines: number;
}

/** Every function of `file` longer than the limit. */
function longFunctions(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_LINES) found.push({ key: `${file} ${nameOf(node)}`, line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  it(`finds a function over ${MAX_LINES} lines`, () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    expect(longFunctions('planted.ts', `export function planted() {\n${body}\n}\n`)).toEqual([
      { key: 'planted.ts planted', line: 1, lines: MAX_LINES + 2 },
    ]);
    expect(longFunctions('planted.ts', 'export const short = () => 1;\n')).toEqual([]);
  });

  it(`keeps every function of the screens, components and server within ${MAX_LINES} lines`, () => {
    const found = folders
      .flatMap(sourceFiles)
      .flatMap((file) => longFunctions(file, readFileSync(path.join(root, file), 'utf8')));
    const tooLong = found
      .filter(({ key, lines }) => lines > (STILL_LONG[key] ?? MAX_LINES))
      .map(({ key, line, lines }) => `${key} (line ${line}): ${lines} lines`);
    expect(tooLong).toEqual([]);
    const stillLong = new Set(found.map(({ key }) => key));
    expect(Object.keys(STILL_LONG).filter((key) => !stillLong.has(key))).toEqual([]);
  });
});
