import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
// Inside server/services, so the layer rule applies to the planted service.
const plantedDir = path.join(root, 'server/services', `dependency-rules-planted-${process.pid}`);

function cruise(...targets: string[]) {
  const run = spawnSync(depcruise, ['--config', '.dependency-cruiser.cjs', ...targets], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  rmSync(plantedDir, { recursive: true, force: true });
});

describe('import rules (npm run check:deps)', () => {
  it('the tree as it is breaks none', { timeout: 120_000 }, () => {
    const run = cruise('server', 'src', 'scripts', 'tests', 'bench');
    expect(run.output).not.toMatch(/no-circular|services-not-graphql/);
    expect(run.status).toBe(0);
  });

  it('catches two files importing each other and a service importing the GraphQL layer', {
    timeout: 60_000,
  }, () => {
    mkdirSync(plantedDir, { recursive: true });
    writeFileSync(
      path.join(plantedDir, 'first.ts'),
      "import { second } from './second';\nexport const first = () => second;\n",
    );
    writeFileSync(
      path.join(plantedDir, 'second.ts'),
      "import { first } from './first';\nexport const second = () => first;\n",
    );
    writeFileSync(
      path.join(plantedDir, 'reaches-up.ts'),
      "import { accessPolicy } from '../../graphql/access';\nexport const policy = accessPolicy;\n",
    );
    const run = cruise(path.relative(root, plantedDir));
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('no-circular');
    expect(run.output).toContain('services-not-graphql');
  });
});
