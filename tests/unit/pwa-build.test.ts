import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ENTRY, firstScreenDir } from '../../server/first-screen';
import { isBuildCurrent, sourceHash } from '../../server/pwa-build';

/** A tiny project: what `npm start` checks before deciding to run `vite build`. */
const root = mkdtempSync(path.join(os.tmpdir(), 'weindepot-pwa-build-'));
mkdirSync(path.join(root, 'src'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(root, 'src/main.tsx'), 'export {};\n');
const dist = path.join(root, 'dist');

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm start rebuilds the PWA when its inputs change', () => {
  it('hashes the sources and the variables baked into the bundle (VITE_*, SUPPORT_EMAIL), nothing else', () => {
    const base = sourceHash(root, { PORT: '8080' });
    expect(sourceHash(root, { PORT: '9090' })).toBe(base);
    expect(sourceHash(root, { SUPPORT_EMAIL: 'hilfe@weinhaus.example' })).not.toBe(base);
    const withTiles = sourceHash(root, { VITE_SATELLITE_TILES_URL: 'https://tiles.example/{z}/{x}/{y}.png' });
    expect(withTiles).not.toBe(base);
    expect(sourceHash(root, { VITE_SATELLITE_TILES_URL: 'https://other.example/{z}/{x}/{y}.png' })).not.toBe(
      withTiles,
    );
    writeFileSync(
      path.join(root, '.env.production'),
      'VITE_TERRAIN_TILES_URL=https://t.example/{z}/{x}/{y}\n',
    );
    expect(sourceHash(root, { PORT: '8080' })).not.toBe(base);
    rmSync(path.join(root, '.env.production'));
    expect(sourceHash(root, { PORT: '8080' })).toBe(base);
  });

  it('treats a build as current only with its index.html, the server render and the stamp of the same inputs', () => {
    expect(isBuildCurrent(root, dist)).toBe(false);
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dist, '.build-hash'), sourceHash(root));
    expect(isBuildCurrent(root, dist)).toBe(false);
    mkdirSync(firstScreenDir(dist), { recursive: true });
    writeFileSync(path.join(firstScreenDir(dist), FIRST_SCREEN_ENTRY), 'export {};\n');
    expect(isBuildCurrent(root, dist)).toBe(true);
    writeFileSync(path.join(root, 'src/main.tsx'), 'export const changed = true;\n');
    expect(isBuildCurrent(root, dist)).toBe(false);
  });
});
