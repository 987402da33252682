/**
 * The import rules of .dependency-cruiser.cjs (docs/architecture.md, "Layers") hold only if each
 * rule really fires: every case plants a file that breaks one rule where it applies, one run of
 * dependency-cruiser checks them all, and each must be reported under its own rule. A rule whose
 * path stops matching (a moved folder, a changed pattern) fails here instead of passing silently.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const tag = `planted-rule-check-${process.pid}`;

function cruise(...targets: string[]) {
  const run = spawnSync(
    depcruise,
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...targets],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface Planted {
  rule: string;
  /** Folder of the repository the file is planted in, and what it imports. */
  folder: string;
  imports: string;
}

const planted: Planted[] = [
  { rule: 'services-not-graphql', folder: 'server/services', imports: '../graphql/access' },
  { rule: 'resolvers-not-resolvers', folder: 'server/graphql/resolvers', imports: './account' },
  { rule: 'back-office-services-alone', folder: 'server/services', imports: './backoffice-analytics' },
  { rule: 'server-not-pwa', folder: 'server', imports: '../src/api/client' },
  { rule: 'app-imported-by-nobody', folder: 'src/features/depot/ui', imports: '../../../app/router' },
  { rule: 'feature-through-its-index', folder: 'src/features/depot/ui', imports: '../../offers/api/offers' },
  { rule: 'feature-index-outside', folder: 'scripts', imports: '../src/features/depot/api/depot' },
  { rule: 'components-below-features', folder: 'src/components', imports: '../features/depot' },
  { rule: 'api-below-features', folder: 'src/api', imports: '../features/depot' },
  { rule: 'db-below-features', folder: 'src/db', imports: '../api/client' },
  { rule: 'dexie-in-the-data-layer', folder: 'src/features/depot/ui', imports: 'dexie' },
  { rule: 'dexie-in-the-data-layer', folder: 'src/components', imports: '../db/database' },
  { rule: 'model-pure', folder: 'src/features/depot/model', imports: '../../../api/client' },
  { rule: 'domain-shared-and-pure', folder: 'src/domain', imports: '../routes/route-paths' },
  { rule: 'routes-shared', folder: 'src/routes', imports: '../api/client' },
  { rule: 'service-worker-alone', folder: 'src/sw', imports: '../features/depot' },
];

const fileOf = (index: number, { rule, folder }: Planted) => `${folder}/${tag}-${index}-${rule}.ts`;
const cycle = ['first', 'second'].map((name) => `server/services/${tag}-${name}.ts`);
/** What a feature may import: another feature's index, the shared components and the domain. */
const allowed = `src/features/depot/ui/${tag}-allowed.ts`;

let report = '';
let tree = { status: null as number | null, output: '' };

beforeAll(() => {
  // The tree first, before anything is planted in it.
  tree = cruise('server', 'src', 'scripts', 'tests', 'bench');
  const write = (file: string, source: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  };
  planted.forEach((entry, index) => {
    write(
      fileOf(index, entry),
      `import * as planted from '${entry.imports}';\n\nexport const used = planted;\n`,
    );
  });
  write(
    cycle[0] as string,
    `import { second } from './${tag}-second';\n\nexport const first = () => second;\n`,
  );
  write(
    cycle[1] as string,
    `import { first } from './${tag}-first';\n\nexport const second = () => first;\n`,
  );
  write(
    allowed,
    "import * as offers from '../../offers';\nimport * as components from '../../../components/LoadFailedAlert';\n" +
      "import * as money from '../../../domain/money';\n\nexport const used = [offers, components, money];\n",
  );
  report = cruise(...planted.map((entry, index) => fileOf(index, entry)), ...cycle, allowed).output;
}, 120_000);

afterAll(() => {
  for (const file of [...planted.map((entry, index) => fileOf(index, entry)), ...cycle, allowed]) {
    rmSync(path.join(root, file), { force: true });
  }
});

describe('import rules of .dependency-cruiser.cjs', () => {
  it('the tree as it is breaks none', () => {
    expect(tree.output).toContain('no dependency violations found');
    expect(tree.status).toBe(0);
  });

  it.each(planted.map((entry, index) => ({ ...entry, file: fileOf(index, entry) })))(
    '$rule fires on $file importing $imports',
    ({ rule, file }) => {
      expect(report).toMatch(new RegExp(`error ${rule}: ${file.replaceAll('.', '\\.')} →`));
    },
  );

  it('no-circular fires on two files importing each other', () => {
    expect(report).toContain(`error no-circular: ${cycle[0]} →`);
  });

  it("lets a feature import another feature's index, the shared components and the domain", () => {
    expect(report).not.toContain(`${allowed} →`);
  });
});
