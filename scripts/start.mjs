/**
 * `npm start`: the server as compiled JavaScript with plain `node`. Builds `dist-server/` when it is
 * missing or stale (scripts/build-server.mjs, esbuild, about a second), then runs its `start.js`
 * in this process (which builds the PWA when needed, migrates, seeds on the first start and serves;
 * see server/start.ts). `npm run dev` runs the TypeScript sources through tsx instead.
 */
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';

const log = (line) => console.log(`[weindepot] ${line}`);
// The server processes of WEB_CONCURRENCY run this file again and find the build current.
const entry = await ensureServerBuild(log);
await import(pathToFileURL(entry).href);
