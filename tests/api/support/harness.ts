import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';
import { users } from '../../../server/db/schema';
import { buildApp } from '../../../server/http';
import { dispatchOutboxOnce } from '../../../server/jobs/outbox-dispatcher';
import { createOutboxHandlers } from '../../../server/jobs/outbox-handlers';
import { createMailTransport } from '../../../server/services/mail';
import { hashPassword } from '../../../server/services/passwords';
import type { HostResolver } from '../../../server/services/push-endpoint';
import { readMailbox, type WrittenMail } from './mailbox';

export type DatabaseTarget = 'pglite' | 'postgres';

/** PGlite always; Postgres too when TEST_DATABASE_URL points at a server (CI sets it). */
export const databaseTargets: DatabaseTarget[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface GraphQLAnswer<Data = Record<string, unknown>> {
  status: number;
  data: Data | null;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

export interface TestPortal {
  db: Database;
  config: ServerConfig;
  app: FastifyInstance;
  /** Every SQL statement run since start (after seeding); tests empty it to count a request's queries. */
  queries: string[];
  /** Errors the server reported as unexpected (masked for the client, logged); tests expect none. */
  unexpectedErrors: unknown[];
  gql<Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; ip?: string; userAgent?: string },
  ): Promise<GraphQLAnswer<Data>>;
  /** Runs the outbox dispatcher once (mails land in `config.mailDir`). */
  deliverOutbox(): Promise<number>;
  mailsTo(address: string): Promise<WrittenMail[]>;
  /** Creates an activated account directly in the database. */
  createUser(email: string, options?: { password?: string; staff?: boolean }): Promise<number>;
  close(): Promise<void>;
}

/**
 * A fresh database on the `TEST_DATABASE_URL` server (a copy of `template` when given), and how to
 * drop it again.
 */
export async function createTestDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh portal per test file: its own database (own Postgres database, dropped on close); `seed`
 * adds the demo data, as a copy of the run's seeded template (support/seeded-template.ts).
 */
export async function startTestPortal(
  target: DatabaseTarget,
  options: {
    seed?: boolean;
    /** Environment variables on top of the test defaults (e.g. `PUSH_ENDPOINT_ALLOWLIST`). */
    env?: Record<string, string>;
    /** Resolves push endpoints' hosts instead of DNS. */
    resolveHost?: HostResolver;
  } = {},
): Promise<TestPortal> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-api-'));
  const template = options.seed ? inject('seededTemplate') : undefined;
  if (template && target === 'postgres' && !template.postgresTemplate) {
    throw new Error('Kein Postgres-Template: TEST_DATABASE_URL war beim Start des Testlaufs nicht gesetzt');
  }
  if (template) await cp(template.dataDir, dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (target === 'postgres')
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase(
      'weindepot_test',
      template?.postgresTemplate,
    ));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://portal.test',
      JWT_SECRET: 'test-secret-für-api-tests',
      ...options.env,
    }),
    databaseUrl,
    distDir: path.join(dataDir, 'no-dist'),
  };
  const queries: string[] = [];
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: 'memory://',
    onQuery: (query) => queries.push(query),
    ...(template && target === 'pglite'
      ? { pgliteDump: new Blob([new Uint8Array(await readFile(template.pgliteDump))]) }
      : {}),
  });
  // A copy of the template is migrated already: this only checks the migrations are recorded.
  await database.migrate();
  queries.length = 0;
  const unexpectedErrors: unknown[] = [];
  const app = await buildApp({
    db: database.db,
    config,
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    reportError: (error) => {
      unexpectedErrors.push(error);
      console.error('[test portal] Unerwarteter Fehler:', error);
    },
  });
  const mail = createMailTransport({
    smtpUrl: undefined,
    mailDir: config.mailDir,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  });
  const handlers = createOutboxHandlers({ mail });
  let passwordHash: Promise<string> | undefined;

  return {
    db: database.db,
    config,
    app,
    queries,
    unexpectedErrors,
    async gql(query, variables = {}, options = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: options.ip ?? '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `JWT ${options.token}` } : {}),
          ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
        },
        payload: JSON.stringify({ query, variables }),
      });
      const body = response.json();
      return { status: response.statusCode, data: body.data ?? null, errors: body.errors };
    },
    deliverOutbox: () => dispatchOutboxOnce(database.db, handlers),
    async mailsTo(address) {
      return (await readMailbox(config.mailDir)).filter((mail) => mail.to.includes(address));
    },
    async createUser(email, options = {}) {
      const defaultHash = passwordHash ?? hashPassword('Weindepot2026!');
      passwordHash = defaultHash;
      const hash = options.password === undefined ? await defaultHash : await hashPassword(options.password);
      const [row] = await database.db
        .insert(users)
        .values({
          email,
          passwordHash: hash,
          firstName: 'Test',
          lastName: 'Person',
          isActive: true,
          isStaff: options.staff ?? false,
          isSuperuser: options.staff ?? false,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('Nutzer nicht angelegt');
      return row.id;
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
