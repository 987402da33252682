import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { measureFirstLoad, screensWithoutBudget } from '../../scripts/check-budgets';

/** A build folder with a Vite manifest: the entry, a shared chunk, two lazy screens, a lazy chart. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'budget-test-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const files: Record<string, string> = {
    'assets/index.js': 'a'.repeat(2000),
    'assets/shared.js': 'console.log("shared");'.repeat(300),
    'assets/LoginScreen.js': 'login();'.repeat(100),
    'assets/DepotScreen.js': Array.from({ length: 4000 }, (_, index) => `d${index}`).join(','),
    'assets/Chart.js': 'chart();'.repeat(5000),
    'assets/index.css': 'body{}'.repeat(100),
  };
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dist, file), content);
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/index.css'],
      dynamicImports: ['src/features/entry/ui/LoginScreen.tsx', 'src/features/depot/ui/DepotScreen.tsx'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/features/entry/ui/LoginScreen.tsx': {
      file: 'assets/LoginScreen.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js'],
    },
    'src/features/depot/ui/DepotScreen.tsx': {
      file: 'assets/DepotScreen.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js'],
      dynamicImports: ['src/features/depot/ui/Chart.tsx'],
    },
    'src/features/depot/ui/Chart.tsx': { file: 'assets/Chart.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

const dist = fakeBuild();
const gzipKb = (content: string) => gzipSync(content).length / 1024;
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the front-end budget check (scripts/check-budgets.ts)', () => {
  it('counts the entry, the route screen and their static imports once each, not the lazy chart', () => {
    const [login, depot] = measureFirstLoad(dist, [
      { route: '/login', screens: ['src/features/entry/ui/LoginScreen.tsx'], budgetKb: 170 },
      { route: '/depot', screens: ['src/features/depot/ui/DepotScreen.tsx'], budgetKb: 300 },
    ]);
    const entryAndShared = gzipKb('a'.repeat(2000)) + gzipKb('console.log("shared");'.repeat(300));
    expect(login?.chunks).toBe(3);
    expect(login?.jsKb).toBeCloseTo(entryAndShared + gzipKb('login();'.repeat(100)), 6);
    expect(depot?.chunks).toBe(3);
    expect(depot?.cssKb).toBeCloseTo(gzipKb('body{}'.repeat(100)), 6);
  });

  it('reports a route over its budget, and a lazy screen without one', () => {
    const [depot] = measureFirstLoad(dist, [
      { route: '/depot', screens: ['src/features/depot/ui/DepotScreen.tsx'], budgetKb: 1 },
    ]);
    expect(depot?.jsKb).toBeGreaterThan(depot?.budgetKb ?? 0);
    expect(
      screensWithoutBudget(dist, [
        { route: '/login', screens: ['src/features/entry/ui/LoginScreen.tsx'], budgetKb: 170 },
      ]),
    ).toEqual(['src/features/depot/ui/DepotScreen.tsx']);
  });

  it('fails loudly when a budgeted screen is missing from the build', () => {
    expect(() =>
      measureFirstLoad(dist, [{ route: '/x', screens: ['src/features/x/ui/XScreen.tsx'], budgetKb: 1 }]),
    ).toThrow(/nicht im Build-Manifest/);
  });
});
