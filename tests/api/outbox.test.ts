import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { dispatchOutboxOnce, type OutboxHandlers } from '../../server/jobs/outbox-dispatcher';
import { enqueueOutbox } from '../../server/services/outbox';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

describe.each(databaseTargets)('Postausgang (%s)', (target) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const noDelay = { retryBaseMs: 0, leaseMs: 0 };

  it('retries a failing delivery with backoff and delivers it exactly once', async () => {
    const delivered: unknown[] = [];
    let failuresLeft = 2;
    const handlers: OutboxHandlers = {
      async webhook(payload) {
        if (failuresLeft-- > 0) throw new Error('HTTP 500');
        delivered.push(payload);
        return 'done';
      },
    };
    await enqueueOutbox(portal.db, 'webhook', { email: 'kunde@example.com', wein: 'Sassicaia 2019' });

    expect(await dispatchOutboxOnce(portal.db, handlers, noDelay)).toBe(1);
    const [afterFirst] = await portal.db.select().from(outbox);
    expect(afterFirst).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'HTTP 500' });

    await dispatchOutboxOnce(portal.db, handlers, noDelay);
    await dispatchOutboxOnce(portal.db, handlers, noDelay);
    expect(await dispatchOutboxOnce(portal.db, handlers, noDelay)).toBe(0);
    expect(delivered).toEqual([{ email: 'kunde@example.com', wein: 'Sassicaia 2019' }]);
    const [row] = await portal.db.select().from(outbox).where(eq(outbox.id, afterFirst!.id));
    expect(row).toMatchObject({ status: 'DONE', attempts: 3, lastError: null });
  });

  it('waits for the backoff before retrying, and gives up as DEAD after the last try', async () => {
    await portal.db.delete(outbox);
    const handlers: OutboxHandlers = {
      async webhook() {
        throw new Error('Verbindung abgelehnt');
      },
    };
    await enqueueOutbox(portal.db, 'webhook', { n: 1 });
    expect(await dispatchOutboxOnce(portal.db, handlers, { retryBaseMs: 60_000, leaseMs: 0 })).toBe(1);
    expect(await dispatchOutboxOnce(portal.db, handlers, { retryBaseMs: 60_000, leaseMs: 0 })).toBe(0);

    await portal.db.update(outbox).set({ nextAttemptAt: new Date(0) });
    for (let i = 0; i < 3; i++) await dispatchOutboxOnce(portal.db, handlers, { ...noDelay, maxAttempts: 3 });
    const [row] = await portal.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'DEAD', attempts: 3, lastError: 'Verbindung abgelehnt' });
  });

  it('marks rows of a kind without a configured destination as skipped, not failed', async () => {
    await portal.db.delete(outbox);
    await enqueueOutbox(portal.db, 'webhook', { n: 2 });
    await dispatchOutboxOnce(portal.db, { webhook: async () => 'skipped' }, noDelay);
    const [row] = await portal.db.select().from(outbox);
    expect(row?.status).toBe('SKIPPED');
  });
});
