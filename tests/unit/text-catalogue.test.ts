/**
 * Every text a client or a member of staff reads is German and spelled right. The test parses each
 * source file of the PWA and the server (screens, components, `src/domain` catalogues, mail
 * templates, server refusals, seed texts) with the TypeScript compiler and reads what can reach a
 * screen, a mail or a document: JSX text, phrases in string and template literals, and single words
 * given to a text-bearing attribute or property (`label`, `title`, `message` …). Code identifiers —
 * single words elsewhere (`'DELETE'` as a HTTP method, `'Delete'` as a key name), module paths and
 * tagged templates (SQL, GraphQL) — are not texts and are skipped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['src', 'server'];
/** Generated from the schema (codegen) and migrations (SQL): not written as texts. */
const SKIPPED = [/\/generated\//, /^server\/db\/migrations\//, /\.d\.ts$/];

/** English words and phrases the back office and the client area used to show. */
const ENGLISH = [
  'Log out',
  'Logout',
  'Orders',
  'Invoices',
  'Choose',
  'check needed',
  'check done',
  'waiting for payment',
  'payment failed',
  'Delete',
  'Price must',
  'Price should',
  'Amount must',
  'Amount should',
  'Please',
  'Save',
  'Cancel',
  'Submit',
  'Loading',
  'decimal point',
];

/** The spec's misspellings, corrected in the product. */
const MISSPELLINGS = ['mindesten', 'Großuchstaben', 'Addresszusatz', 'weden'];

const bounded = (body: string, flags: string) =>
  new RegExp(`(?<![\\p{L}\\d_])${body}(?![\\p{L}\\d_])`, flags);
/**
 * A phrase in any case; a single English word only as a label writes it ("Delete", "DELETE"), so
 * `type="submit"` or `method: 'delete'` inside a template stays code.
 */
const english = (phrase: string) =>
  phrase.includes(' ')
    ? bounded(phrase.replace(/ /g, '\\s+'), 'iu')
    : bounded(`(?:${phrase}|${phrase.toUpperCase()})`, 'u');
const ENGLISH_PATTERNS = ENGLISH.map((phrase) => ({ phrase, pattern: english(phrase) }));
const MISSPELLING_PATTERNS = MISSPELLINGS.map((phrase) => ({ phrase, pattern: bounded(phrase, 'iu') }));

/**
 * Texts that contain a denied word on purpose, each with its reason. Kept short: a new entry needs
 * a reason a reviewer accepts.
 */
const ALLOWED: readonly { file: string; text: RegExp; why: string }[] = [
  {
    file: 'server/services/auth-validation.ts',
    text: /^Please enter valid credentials$/,
    why: "the spec's answer of `login`, kept for API clients that match it (docs/deviations.md)",
  },
  {
    file: 'src/features/entry/model/entry-messages.ts',
    text: /^Please enter valid credentials$/,
    why: "the PWA recognises that answer to show 'Bitte überprüfen Sie …' in its place",
  },
];

/** Attributes and properties whose single-word value is shown as text. */
const TEXT_NAME =
  /^(label|title|description|placeholder|aria-label|alt|message|text|error|subject|heading|confirmLabel|cancelLabel|emptyText|tooltip|children)$|Label$|Text$|Title$|Message$/;

interface FoundText {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !SKIPPED.some((skip) => skip.test(path)) ? [path] : [];
  });
}

/** The name of the attribute or property a literal is the value of, if any. */
function ownerName(node: ts.Node): string | null {
  let parent = node.parent;
  while (
    parent &&
    (ts.isJsxExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isConditionalExpression(parent) ||
      ts.isBinaryExpression(parent))
  ) {
    parent = parent.parent;
  }
  if (!parent) return null;
  if (ts.isJsxAttribute(parent)) return parent.name.getText();
  if (ts.isPropertyAssignment(parent) && parent.initializer !== node.parent && parent.name !== node) {
    return parent.name.getText().replace(/^['"]|['"]$/g, '');
  }
  if (ts.isPropertyAssignment(parent) && parent.name !== node)
    return parent.name.getText().replace(/^['"]|['"]$/g, '');
  return null;
}

const isPhrase = (text: string) => /\p{L}[\p{L}\d.,:;!?)»"'’]*\s+[\p{L}\d(„»"'‚]/u.test(text);

function textsOf(file: string): FoundText[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: FoundText[] = [];
  const add = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') return;
    found.push({
      file,
      line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: trimmed,
    });
  };
  const visit = (node: ts.Node): void => {
    // Module paths, SQL and GraphQL documents are code.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTaggedTemplateExpression(node))
      return;
    if (ts.isJsxText(node)) {
      add(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const owner = ownerName(node);
      if (isPhrase(node.text) || (owner !== null && TEXT_NAME.test(owner))) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ');
      if (isPhrase(parts) || TEXT_NAME.test(ownerName(node) ?? '')) add(node, parts);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const ALL_TEXTS = SCANNED.flatMap(sourceFiles).flatMap(textsOf);
const allowed = ({ file, text }: FoundText) =>
  ALLOWED.some((entry) => entry.file === file && entry.text.test(text));
const report = (texts: FoundText[], phrase: (text: string) => string | undefined) =>
  texts.map((found) => `${found.file}:${found.line} [${phrase(found.text)}] ${found.text.slice(0, 120)}`);

describe('the texts users read', () => {
  it('reads the texts of every screen, catalogue, mail and refusal', () => {
    const files = new Set(ALL_TEXTS.map(({ file }) => relative(ROOT, join(ROOT, file))));
    for (const expected of [
      'src/domain/texts.ts',
      'src/domain/entry-validation.ts',
      'src/domain/backoffice-validation.ts',
      'src/features/backoffice/ui/ManagementScreen.tsx',
      'server/services/mail-templates.ts',
      'server/services/order-mails.ts',
    ]) {
      expect(files).toContain(expected);
    }
    // The scan reads JSX text and attributes, not only catalogues.
    expect(ALL_TEXTS.some(({ file }) => file.endsWith('.tsx'))).toBe(true);
    expect(ALL_TEXTS.length).toBeGreaterThan(2000);
  });

  it('holds no English word of the deny list', () => {
    const english = ALL_TEXTS.filter(
      (found) => !allowed(found) && ENGLISH_PATTERNS.some(({ pattern }) => pattern.test(found.text)),
    );
    expect(
      report(english, (text) => ENGLISH_PATTERNS.find(({ pattern }) => pattern.test(text))?.phrase),
    ).toEqual([]);
  });

  it('holds none of the misspellings the spec quoted', () => {
    // Every literal, not only phrases: a misspelled word can stand alone as a label.
    const misspelt = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          MISSPELLING_PATTERNS.some(({ pattern }) => pattern.test(line))
            ? [{ file, line: index + 1, text: line.trim() }]
            : [],
        ),
    );
    expect(
      report(misspelt, (text) => MISSPELLING_PATTERNS.find(({ pattern }) => pattern.test(text))?.phrase),
    ).toEqual([]);
  });

  it('allows each listed text because it is still there', () => {
    const unused = ALLOWED.filter((entry) =>
      ALL_TEXTS.every((found) => found.file !== entry.file || !entry.text.test(found.text)),
    );
    expect(unused.map(({ file, text }) => `${file} ${text}`)).toEqual([]);
  });

  it('recognises the words it denies', () => {
    expect(ENGLISH_PATTERNS.some(({ pattern }) => pattern.test('Log  out'))).toBe(true);
    expect(
      ENGLISH_PATTERNS.some(({ pattern }) => pattern.test('Zum Entfernen bitte DELETE verwenden.')),
    ).toBe(true);
    expect(ENGLISH_PATTERNS.some(({ pattern }) => pattern.test('Speichern'))).toBe(false);
    expect(
      ENGLISH_PATTERNS.some(({ pattern }) => pattern.test('<button type="submit">Senden</button>')),
    ).toBe(false);
    expect(ENGLISH_PATTERNS.some(({ pattern }) => pattern.test('Gelöscht'))).toBe(false);
    expect(MISSPELLING_PATTERNS.some(({ pattern }) => pattern.test('benötigt mindesten 8 Zeichen'))).toBe(
      true,
    );
    expect(MISSPELLING_PATTERNS.some(({ pattern }) => pattern.test('benötigt mindestens 8 Zeichen'))).toBe(
      false,
    );
  });
});
