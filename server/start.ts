/**
 * `npm start`: builds the PWA when needed, migrates the database, seeds the demo data on the
 * first start, starts the outbox dispatcher and serves the portal.
 *
 * With `WEB_CONCURRENCY=N` (N > 1, Postgres only) the first process does the preparation and then
 * runs N server processes that share the port (node:cluster; the server is stateless, see README
 * "Running at scale"). Each has its own outbox dispatcher: rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so no effect is delivered twice. A process that dies is replaced.
 *
 * Requests and errors go to stdout as JSON lines (pino, `LOG_LEVEL`; server/observability/logging.ts).
 * The start banner — address, mail folder and, when the database holds the demo data, the demo
 * logins — is plain text for the person who started the portal, not a log record.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBackupEndpoint } from './backup/endpoint';
import { recordDatabase } from './backup/records';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './http';
import { startHoldingsSnapshotSchedule } from './jobs/holdings-snapshot-schedule';
import { startOutboxDispatcher } from './jobs/outbox-dispatcher';
import { createOutboxHandlers } from './jobs/outbox-handlers';
import { createLogger } from './observability/logging';
import { createMetrics } from './observability/metrics';
import { ensurePwaBuild } from './pwa-build';
import { demoAccounts, demoAccountsPresent, isDatabaseSeeded, seedDemoData, writeDemoMedia } from './seed';
import { createMailTransport } from './services/mail';
import { createPushSender } from './services/push';
import { pushEndpointPolicy } from './services/push-endpoint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[weindepot] ${line}`);

type OpenedDatabase = Awaited<ReturnType<typeof openDatabase>>;

/** How long a stopping process lets its open requests finish before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

const open = (config: ServerConfig) =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });

/**
 * Build, migration and demo data: once, before any request is served. Answers whether the
 * database holds the demo accounts (then the banner lists them).
 */
async function prepare(config: ServerConfig, database: OpenedDatabase): Promise<boolean> {
  if (config.buildPwa) await ensurePwaBuild(root, config.distDir, log);
  // Several instances starting at once on one Postgres (two machines): one migrates and seeds, the
  // others wait for it and then find the database current and seeded.
  await database.exclusively(async () => {
    await database.migrate();
    if (!(await isDatabaseSeeded(database.db))) {
      log('Erster Start: Demodaten werden angelegt …');
      await seedDemoData(database.db, { mediaDir: config.mediaDir, warehouse: config });
    } else {
      // A seeded database with a new DATA_DIR (Postgres shared by several machines, or a deleted
      // media folder) still needs the demo images and videos; existing files are kept.
      await writeDemoMedia(config.mediaDir);
    }
  });
  return demoAccountsPresent(database.db);
}

function announce(config: ServerConfig, databaseKind: string, demoData: boolean): void {
  const processes = config.processes > 1 ? `, ${config.processes} Serverprozesse` : '';
  log(
    `Portal läuft auf http://localhost:${config.port} (Datenbank: ${databaseKind}, Daten: ${config.dataDir}${processes})`,
  );
  if (!config.smtpUrl) log(`E-Mails werden als .eml-Dateien abgelegt in ${config.mailDir}`);
  if (!demoData) return;
  log('Demo-Zugänge:');
  for (const account of demoAccounts)
    log(`  ${account.email} / ${account.password}  – ${account.description}`);
}

/** One server process: outbox dispatcher and HTTP server on the prepared database. */
async function serve(config: ServerConfig, database: OpenedDatabase): Promise<() => Promise<void>> {
  const logger = createLogger(config.logLevel);
  const metrics = createMetrics(database.db);
  const mail = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  });
  const dispatcher = startOutboxDispatcher(
    database.db,
    createOutboxHandlers({
      mail,
      webhooks: config.webhooks,
      push: createPushSender(database.db, config.vapid, pushEndpointPolicy(config)),
    }),
    {
      ...config.outbox,
      onError: (error) => logger.error({ err: error }, 'Postausgang: Lauf fehlgeschlagen'),
      onSettled: (row, result) => {
        metrics.outboxSettled(row, result);
        const record = {
          outboxId: row.id,
          kind: row.kind,
          result,
          attempt: row.attempts,
          requestId: row.requestId,
        };
        if (result === 'retry' || result === 'dead')
          logger.warn(record, 'Postausgang: Zustellung fehlgeschlagen');
        else logger.info(record, 'Postausgang: zugestellt');
      },
    },
  );
  const holdingsSchedule = startHoldingsSnapshotSchedule(database.db, config, (error) =>
    logger.error({ err: error }, 'Bestandsnachweis: Tageslauf fehlgeschlagen'),
  );
  const app = await buildApp({
    db: database.db,
    config,
    nudgeOutbox: dispatcher.nudge,
    outboxDispatcher: dispatcher,
    logger,
    metrics,
  });
  await app.listen({ port: config.port, host: config.host });
  // PGlite is open in this process only, so `npm run backup` asks this process for the dump.
  const backupEndpoint = database.pglite
    ? await startBackupEndpoint({
        dataDir: config.dataDir,
        client: database.pglite,
        onError: (error) => logger.error({ err: error }, 'Sicherung fehlgeschlagen'),
      })
    : undefined;
  // On a stop: no new connections (requests on kept-alive ones get 503), the open requests finish
  // within the grace period, the dispatcher hands its unfinished claims back (another process, or
  // the next start, delivers them at once instead of after their lease), then the database closes.
  return async () => {
    const cutOff = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    try {
      await Promise.all([app.close(), dispatcher.stop(), holdingsSchedule.stop(), backupEndpoint?.close()]);
    } finally {
      clearTimeout(cutOff);
    }
    await database.close();
  };
}

function onSignals(stop: (signal: string) => Promise<void>): void {
  let closing = false;
  const handle = (signal: string) => {
    if (closing) return;
    closing = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[weindepot] Beenden fehlgeschlagen:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}

/** The first process with `WEB_CONCURRENCY` > 1: starts the server processes and replaces dead ones. */
function supervise(config: ServerConfig, databaseKind: string, demoData: boolean): void {
  let stopping = false;
  let started = false;
  const ready = new Set<number>();
  const fork = () => cluster.fork();

  cluster.on('listening', (worker: Worker) => {
    log(`Serverprozess ${worker.process.pid} bereit`);
    ready.add(worker.id);
    if (!started && ready.size === config.processes) {
      started = true;
      announce(config, databaseKind, demoData);
    }
  });
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    ready.delete(worker.id);
    if (stopping) return;
    if (!started) {
      // A process that cannot even start (port taken, database away) would fail again at once.
      console.error(
        `[weindepot] Start fehlgeschlagen: Serverprozess ${worker.process.pid} endete (${signal ?? code}).`,
      );
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    log(`Serverprozess ${worker.process.pid} endete (${signal ?? code}), ein neuer wird gestartet`);
    setTimeout(() => {
      if (!stopping) fork();
    }, 500);
  });

  for (let index = 0; index < config.processes; index += 1) fork();

  onSignals(async (signal) => {
    stopping = true;
    log(`${signal} empfangen, der Server wird beendet …`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker =>
      Boolean(worker),
    );
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            // Each process finishes its requests and closes its database; stragglers are killed.
            const force = setTimeout(() => worker.process.kill('SIGKILL'), SHUTDOWN_GRACE_MS + 5_000);
            worker.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  });
}

async function main(): Promise<void> {
  const config = loadConfig();

  if (cluster.isWorker) {
    const database = await open(config);
    const stop = await serve(config, database);
    onSignals(stop);
    return;
  }

  const database = await open(config);
  // `npm run backup` needs nothing but DATA_DIR: it reads here which database to dump.
  await recordDatabase(config.dataDir, config.databaseUrl);
  const demoData = await prepare(config, database);
  if (config.processes > 1) {
    await database.close();
    supervise(config, database.kind, demoData);
    return;
  }
  const stop = await serve(config, database);
  announce(config, database.kind, demoData);
  onSignals(async (signal) => {
    log(`${signal} empfangen, der Server wird beendet …`);
    await stop();
  });
}

main().catch((error: unknown) => {
  console.error('[weindepot] Start fehlgeschlagen:', error);
  process.exit(1);
});
