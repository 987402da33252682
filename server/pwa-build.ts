import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FIRST_SCREEN_ENTRY, firstScreenDir } from './first-screen';
import { writeFileDurablySync } from './services/durable-file';

/** Everything the production build of the PWA is made from. */
const buildInputs = [
  'index.html',
  'vite.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
  'src',
  'public',
  // Vite's env files (read in production mode), when present.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
const stampName = '.build-hash';

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((item) => item.isFile())
    .map((item) => path.join(item.parentPath, item.name));
}

/**
 * Content hash of the build inputs (not mtimes: a fresh clone has new mtimes everywhere), including
 * the `VITE_*` variables and `SUPPORT_EMAIL` that Vite bakes into the bundle (e.g. the map tile
 * URLs, the address in the login's error text), so that changing one rebuilds the PWA on the next start.
 */
export function sourceHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of buildInputs.flatMap((entry) => filesUnder(root, entry)).sort()) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_') || key === 'SUPPORT_EMAIL')
    .sort()) {
    hash.update(`env:${name}=${env[name] ?? ''}`);
  }
  return hash.digest('hex');
}

export function isBuildCurrent(root: string, distDir: string): boolean {
  const stamp = path.join(distDir, stampName);
  return (
    existsSync(path.join(distDir, 'index.html')) &&
    existsSync(path.join(firstScreenDir(distDir), FIRST_SCREEN_ENTRY)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === sourceHash(root)
  );
}

function viteBuild(root: string, args: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build endete mit Code ${code}`)),
    );
  });
}

/**
 * Runs `vite build` when `dist/` is missing or older than the sources, and the server's render
 * of the first screens (`vite build --ssr`, into `firstScreenDir`), then stamps it.
 */
export async function ensurePwaBuild(
  root: string,
  distDir: string,
  log: (line: string) => void,
): Promise<void> {
  if (isBuildCurrent(root, distDir)) return;
  log('Die PWA wird gebaut (vite build) …');
  const hash = sourceHash(root);
  await viteBuild(root, ['--outDir', distDir]);
  await viteBuild(root, [
    '--ssr',
    'src/entry-server.tsx',
    '--outDir',
    firstScreenDir(distDir),
    '--emptyOutDir',
  ]);
  writeFileDurablySync(path.join(distDir, stampName), hash);
}
