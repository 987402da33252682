/**
 * The production build of the server: esbuild bundles our TypeScript (server/ and the parts of src/
 * it uses, the demo seed included) into plain JavaScript in `dist-server/`, with two entry points,
 * `start.js` and the PDF worker `pdf-worker.js` (server/pdf/pool.ts starts the compiled worker when
 * it lies beside the bundle). npm packages stay external and are loaded from node_modules as they
 * are: the native and asset-carrying ones must (argon2, PGlite and its wasm files, pdfkit and its
 * fonts, the ffmpeg installer), and for the others bundling gains nothing at start-up but risks
 * packages that read files beside themselves. The files read at run time (the GraphQL schema, the
 * migrations) are copied beside the bundle.
 *
 * Plain JavaScript on purpose: `npm start` runs it with plain `node`, no tsx.
 *
 *   node scripts/build-server.mjs        builds when missing or stale (prints what it did)
 *   node scripts/build-server.mjs --force
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDistDir = path.join(root, 'dist-server');
const stampName = '.build-stamp.json';

/** Files read at run time, copied next to the bundle (source → target inside dist-server/). */
const runtimeFiles = [
  ['server/graphql/schema.graphql', 'schema.graphql'],
  ['server/graphql/schema', 'schema'],
  ['server/db/migrations', 'migrations'],
];

function filesUnder(full) {
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((item) => item.isFile())
    .map((item) => path.join(item.parentPath, item.name));
}

/** Hash of what the bundle is made from: the sources esbuild read last time, the copied files, the lock. */
function inputsHash(sources) {
  const hash = createHash('sha256');
  const files = [
    ...sources.map((source) => path.join(root, source)),
    ...runtimeFiles.flatMap(([source]) => filesUnder(path.join(root, source))),
    path.join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(existsSync(file) ? readFileSync(file) : 'missing');
  }
  return hash.digest('hex');
}

export function isServerBuildCurrent() {
  const stampFile = path.join(serverDistDir, stampName);
  if (!existsSync(stampFile) || !existsSync(path.join(serverDistDir, 'start.js'))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    return stamp.hash === inputsHash(stamp.sources);
  } catch {
    return false;
  }
}

/** Bundles into a fresh folder and swaps it in, so a running server never sees half a build. */
export async function buildServer(log = console.log) {
  const started = Date.now();
  const { build } = await import('esbuild');
  const partial = `${serverDistDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { start: 'server/start.ts', 'pdf-worker': 'server/pdf/pdf-worker.ts' },
    outdir: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  for (const [source, target] of runtimeFiles) {
    cpSync(path.join(root, source), path.join(partial, target), { recursive: true });
  }
  const sources = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  writeFileSync(path.join(partial, stampName), `${JSON.stringify({ hash: inputsHash(sources), sources })}\n`);
  rmSync(serverDistDir, { recursive: true, force: true });
  mkdirSync(path.dirname(serverDistDir), { recursive: true });
  try {
    renameSync(partial, serverDistDir);
  } catch (error) {
    // Another start built the same sources at the same moment and swapped its folder in first.
    rmSync(partial, { recursive: true, force: true });
    if (!isServerBuildCurrent()) throw error;
  }
  log(
    `Server gebaut (esbuild, ${sources.length} Quelldateien) in ${Date.now() - started} ms: ${path.relative(root, serverDistDir)}/start.js`,
  );
}

/** Builds the server when `dist-server/` is missing or older than its sources. */
export async function ensureServerBuild(log = console.log) {
  if (!isServerBuildCurrent()) await buildServer(log);
  return path.join(serverDistDir, 'start.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line) => console.log(`[weindepot] ${line}`);
  if (process.argv.includes('--force')) await buildServer(log);
  else if (isServerBuildCurrent()) log('Server-Build ist aktuell.');
  else await buildServer(log);
}
