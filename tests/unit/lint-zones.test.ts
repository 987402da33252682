/**
 * The package rules of biome.json (which folders may import which is .dependency-cruiser.cjs's,
 * tests/unit/dependency-rules.test.ts) hold only if each rule really
 * fires: every case plants a file that breaks one zone where the zone applies, runs Biome's linter
 * on it and expects the rule's own message. A zone whose pattern stops matching (a moved folder,
 * a changed glob) fails here instead of passing silently.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/** Biome's report on `source` written to `file` (a path of the repository), the file removed afterwards. */
function lintPlanted(file: string, source: string): string {
  const absolute = path.join(root, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, source);
  try {
    execFileSync(biome, ['lint', '--max-diagnostics=50', file], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}\n${stderr}`;
  } finally {
    rmSync(absolute, { force: true });
  }
}

const zones: Array<{ zone: string; file: string; source: string; message: string }> = [
  {
    zone: "a feature's model never imports Dexie",
    file: 'src/features/order-list/model/planted-zone-check.ts',
    source: "import Dexie from 'dexie';\n\nexport const planted = Dexie;\n",
    message: "A feature's model/ holds its pure client-only rules",
  },
  {
    zone: "a feature's model never imports React",
    file: 'src/features/order-list/model/planted-zone-check.ts',
    source: "import { useState } from 'react';\n\nexport const planted = useState;\n",
    message: "A feature's model/ holds its pure client-only rules",
  },
  {
    zone: 'charts come only through src/components/charts',
    file: 'src/features/depot/ui/planted-zone-check.ts',
    source: "import { LineChart } from '@mantine/charts';\n\nexport const planted = LineChart;\n",
    message: 'Import charts from src/components/charts',
  },
];

describe('import zones of biome.json', () => {
  it.each(zones)('$zone', ({ file, source, message }) => {
    expect(lintPlanted(file, source)).toContain(message);
  });

  it('lets src/components/charts import the charts', () => {
    const report = lintPlanted(
      'src/components/charts/planted-zone-check.ts',
      "import { LineChart } from '@mantine/charts';\n\nexport const planted = LineChart;\n",
    );
    expect(report).not.toContain('noRestrictedImports');
  });
});
