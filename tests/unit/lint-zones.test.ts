/**
 * The import zones of biome.json (docs/architecture.md, "Layers") hold only if each rule really
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
    zone: 'the service worker never imports src/app',
    file: 'src/sw/planted-zone-check.ts',
    source: "import { AppRoutes } from '../app/router';\n\nexport const planted = AppRoutes;\n",
    message: 'The service worker never imports the PWA shell src/app',
  },
  {
    zone: 'the server never imports src/app',
    file: 'server/planted-zone-check.ts',
    source: "import { AppRoutes } from '../src/app/router';\n\nexport const planted = AppRoutes;\n",
    message: 'The server never imports the PWA shell src/app',
  },
  {
    zone: 'a service never imports src/app',
    file: 'server/services/planted-zone-check.ts',
    source: "import { AppRoutes } from '../../src/app/router';\n\nexport const planted = AppRoutes;\n",
    message: 'The server never imports the PWA shell src/app',
  },
  {
    zone: 'a resolver never imports src/app',
    file: 'server/graphql/resolvers/planted-zone-check.ts',
    source: "import { AppRoutes } from '../../../src/app/router';\n\nexport const planted = AppRoutes;\n",
    message: 'The server never imports the PWA shell src/app',
  },
  {
    zone: 'src/routes imports only src/domain and itself',
    file: 'src/routes/planted-zone-check.ts',
    source: "import { AppRoutes } from '../app/router';\n\nexport const planted = AppRoutes;\n",
    message: 'src/routes is read by the PWA, the service worker and the server',
  },
  {
    zone: 'src/domain imports nothing outside itself',
    file: 'src/domain/planted-zone-check.ts',
    source: "import { AppRoutes } from '../app/router';\n\nexport const planted = AppRoutes;\n",
    message: 'src/domain holds the shared rules',
  },
  {
    zone: "a feature's model never reaches the data layer",
    file: 'src/features/order-list/model/planted-zone-check.ts',
    source: "import { database } from '../../../db/database';\n\nexport const planted = database;\n",
    message: "A feature's model/ holds its pure client-only rules",
  },
  {
    zone: "a feature's model never imports Dexie",
    file: 'src/features/order-list/model/planted-zone-check.ts',
    source: "import Dexie from 'dexie';\n\nexport const planted = Dexie;\n",
    message: "A feature's model/ holds its pure client-only rules",
  },
  {
    zone: 'the server never imports src/domain/client',
    file: 'server/planted-zone-check.ts',
    source:
      "import { GENERIC_ERROR } from '../src/domain/client/error-texts';\n\nexport const planted = GENERIC_ERROR;\n",
    message: "src/domain/client is the PWA's own part of the domain",
  },
];

describe('import zones of biome.json', () => {
  it.each(zones)('$zone', ({ file, source, message }) => {
    expect(lintPlanted(file, source)).toContain(message);
  });

  it('lets src/routes import src/domain', () => {
    const report = lintPlanted(
      'src/routes/planted-zone-check.ts',
      "import { isSpaPath } from '../domain/server-paths';\n\nexport const planted = isSpaPath;\n",
    );
    expect(report).not.toContain('noRestrictedImports');
  });
});
