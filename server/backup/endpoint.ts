/**
 * Where `npm run backup` gets the dump of a running portal's PGlite database: a listener of the
 * server process on 127.0.0.1 only (a port the system picks), answering `POST /backup` with the
 * token it wrote beside the port into `DATA_DIR/backup-endpoint.json` (mode 0600). Only who can read
 * the portal's data folder can therefore pull a dump; the public listener knows nothing of it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { recordBackupEndpoint, removeBackupEndpoint } from './records';
import { snapshotPglite } from './snapshot';

/** Response header carrying the snapshot's description (base64url JSON; see snapshot.ts). */
export const SNAPSHOT_HEADER = 'x-weindepot-snapshot';

function authorized(request: IncomingMessage, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}

export async function startBackupEndpoint(options: {
  dataDir: string;
  client: PGlite;
  onError: (error: unknown) => void;
}): Promise<{ close(): Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  let running = false;
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup')
      return answer(response, 404, 'Nicht gefunden');
    if (!authorized(request, token)) return answer(response, 401, 'Kein gültiges Sicherungs-Token');
    // One dump at a time: each holds the database for its duration and a copy in memory.
    if (running) return answer(response, 409, 'Eine Sicherung läuft bereits, bitte später erneut versuchen');
    running = true;
    snapshotPglite(options.client)
      .then(async ({ snapshot, dump }) => {
        const bytes = Buffer.from(await dump.arrayBuffer());
        response
          .writeHead(200, {
            'content-type': 'application/gzip',
            'content-length': bytes.length,
            [SNAPSHOT_HEADER]: Buffer.from(JSON.stringify(snapshot)).toString('base64url'),
          })
          .end(bytes);
      })
      .catch((error: unknown) => {
        options.onError(error);
        answer(response, 500, `Sicherung fehlgeschlagen: ${(error as Error).message}`);
      })
      .finally(() => {
        running = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await recordBackupEndpoint(options.dataDir, { pid: process.pid, port, token });
  return {
    async close() {
      await removeBackupEndpoint(options.dataDir);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
