/**
 * `npm start`: builds the PWA when needed, migrates the database, seeds the demo data on the
 * first start, starts the outbox dispatcher and serves the portal.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './http';
import { startOutboxDispatcher } from './jobs/outbox-dispatcher';
import { createOutboxHandlers } from './jobs/outbox-handlers';
import { ensurePwaBuild } from './pwa-build';
import { demoAccounts, isDatabaseSeeded, seedDemoData } from './seed';
import { createMailTransport } from './services/mail';
import { createPushSender } from './services/push';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[weindepot] ${line}`);

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.buildPwa) await ensurePwaBuild(root, config.distDir, log);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  if (!(await isDatabaseSeeded(database.db))) {
    log('Erster Start: Demodaten werden angelegt …');
    await seedDemoData(database.db, { mediaDir: config.mediaDir });
  }

  const mail = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
  });
  const dispatcher = startOutboxDispatcher(
    database.db,
    createOutboxHandlers({
      mail,
      webhooks: config.webhooks,
      push: createPushSender(database.db, config.vapid),
    }),
    {
      ...config.outbox,
      onError: (error) => console.error('[weindepot] Postausgang:', error),
    },
  );
  const app = await buildApp({ db: database.db, config, nudgeOutbox: dispatcher.nudge });
  await app.listen({ port: config.port, host: config.host });

  log(
    `Portal läuft auf http://localhost:${config.port} (Datenbank: ${database.kind}, Daten: ${config.dataDir})`,
  );
  if (!config.smtpUrl) log(`E-Mails werden als .eml-Dateien abgelegt in ${config.mailDir}`);
  log('Demo-Zugänge:');
  for (const account of demoAccounts)
    log(`  ${account.email} / ${account.password}  – ${account.description}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} empfangen, der Server wird beendet …`);
    await app.close();
    await dispatcher.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[weindepot] Start fehlgeschlagen:', error);
  process.exit(1);
});
