import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { orderPositions, users } from '../../server/db/schema';
import { demoAccounts, seedDemoData } from '../../server/seed';
import { resetDemoState } from '../../server/seed/reset-state';
import { createTestDatabase, databaseTargets } from './support/harness';

describe.each(databaseTargets)('npm run db:reset (%s)', (target) => {
  let database: DatabaseHandle;
  let drop = async () => {};
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-reset-'));
    let databaseUrl: string | undefined;
    if (target === 'postgres') ({ url: databaseUrl, drop } = await createTestDatabase('weindepot_reset'));
    database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
    await database.migrate();
    await seedDemoData(database.db, { mediaDir });
  });

  afterAll(async () => {
    await database?.close();
    await drop();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('removes what was added and changed since the seed and brings the demo accounts back', async () => {
    const [kunde] = await database.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    if (!kunde) throw new Error('kunde@example.com fehlt');
    const positionsBefore = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderPositions)
      .where(eq(orderPositions.userId, kunde.id));
    await database.db.insert(users).values({ email: 'fremd@example.com', passwordHash: 'x', isActive: true });
    await database.db.delete(orderPositions).where(eq(orderPositions.userId, kunde.id));
    await database.db.update(users).set({ firstName: 'Geändert' }).where(eq(users.id, kunde.id));

    await resetDemoState(database, { mediaDir });

    const emails = (await database.db.select({ email: users.email }).from(users)).map((row) => row.email);
    expect(emails).not.toContain('fremd@example.com');
    expect(emails.sort()).toEqual(demoAccounts.map((account) => account.email).sort());
    const [kundeAfter] = await database.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    expect(kundeAfter?.firstName).toBe('Anna');
    const positionsAfter = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderPositions)
      .where(eq(orderPositions.userId, kundeAfter?.id ?? -1));
    expect(positionsAfter).toEqual(positionsBefore);
  });
});
