/**
 * The demo data's set-up, shared by the `seed-*.test.ts` files: a fresh migrated database per file
 * and target (PGlite, and Postgres when TEST_DATABASE_URL is set) seeded at a fixed moment, with its
 * own media folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/client';
import { users } from '../../../server/db/schema';
import { isDatabaseSeeded, seedDemoData } from '../../../server/seed';
import { createTestDatabase } from './harness';

export const NOW = new Date('2026-11-21T09:00:00Z');
export const DAY_MS = 24 * 60 * 60 * 1000;

/** PGlite always; a real Postgres database too when TEST_DATABASE_URL points at a server (CI sets it). */
export const targets = process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const);

async function openFreshDatabase(target: (typeof targets)[number]) {
  if (target === 'pglite') {
    return { handle: await openDatabase({ pgliteDir: 'memory://' }), drop: async () => {} };
  }
  const database = await createTestDatabase('weindepot_seed');
  const handle = await openDatabase({ databaseUrl: database.url, pgliteDir: 'memory://' });
  return { handle, drop: database.drop };
}

/** Seeds a fresh database before the file's tests (and drops it after); call inside `describe.each`. */
export function seedJourney(target: (typeof targets)[number]) {
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void> = async () => {};
  let mediaDir: string;
  let seededBefore: boolean;

  const db = () => database.db;
  const mediaFile = (url: string) => path.join(mediaDir, url.replace(/^\/media\//, ''));

  async function userByEmail(email: string) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${email} fehlt`);
    return user;
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-seed-'));
    const fresh = await openFreshDatabase(target);
    database = fresh.handle;
    dropDatabase = fresh.drop;
    await database.migrate();
    seededBefore = await isDatabaseSeeded(database.db);
    await seedDemoData(database.db, { mediaDir, now: NOW });
    // Migrating and seeding a fresh database takes close to a minute on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await dropDatabase();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  return {
    get database() {
      return database;
    },
    get mediaDir() {
      return mediaDir;
    },
    get seededBefore() {
      return seededBefore;
    },
    db,
    mediaFile,
    userByEmail,
  };
}
