import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import {
  dispatchOutboxOnce,
  type OutboxHandlers,
  startOutboxDispatcher,
} from '../../server/jobs/outbox-dispatcher';
import { createOutboxHandlers, outboxIdempotencyKey } from '../../server/jobs/outbox-handlers';
import { createMailTransport, enqueueMail } from '../../server/services/mail';
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

  it('writes a mail once although the process died between writing its file and recording it', async () => {
    await portal.db.delete(outbox);
    const mailDir = path.join(portal.config.dataDir, 'mail-crash');
    const handlers = createOutboxHandlers({
      mail: createMailTransport({ smtpUrl: undefined, mailDir, from: portal.config.mailFrom }),
    });
    await enqueueMail(portal.db, { to: 'kunde@example.com', subject: 'Ihre Bestellung', text: 'Guten Tag' });

    // The first process writes the file, then "dies": its run never reaches the recording.
    let crashed: () => void = () => {};
    const crash = new Promise<void>((resolve) => {
      crashed = resolve;
    });
    const dying = dispatchOutboxOnce(portal.db, handlers, {
      leaseMs: 1,
      afterDelivery: () => {
        crashed();
        return new Promise<void>(() => {});
      },
    });
    await crash;
    void dying;
    const [claimed] = await portal.db.select().from(outbox);
    expect(claimed).toMatchObject({ status: 'PENDING', attempts: 1 });

    // After the lease another run claims the row again and delivers it: the file is there already.
    await expect.poll(() => dispatchOutboxOnce(portal.db, handlers, { leaseMs: 1 })).toBe(1);
    const [row] = await portal.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'DONE', attempts: 2 });
    const files = (await readdir(mailDir)).filter((name) => !name.startsWith('.'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^0*${row?.id}-[0-9a-z]+\\.eml$`));
    const written = await readFile(path.join(mailDir, files[0] as string), 'utf8');
    expect(written).toContain(`Message-ID: <${outboxIdempotencyKey(row!)}@weindepot.example>`);
  });

  it('hands its unfinished claims back when stopped, without counting a try', async () => {
    await portal.db.delete(outbox);
    for (let n = 0; n < 3; n++) await enqueueOutbox(portal.db, 'webhook', { n });
    let started: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const delivered: unknown[] = [];
    const dispatcher = startOutboxDispatcher(
      portal.db,
      {
        // A receiver that answers only when the request is cut off (as fetch does on an abort).
        webhook: (payload, _row, signal) =>
          new Promise((_resolve, reject) => {
            delivered.push(payload);
            started();
            signal?.addEventListener('abort', () => reject(new Error('abgebrochen')));
          }),
      },
      { leaseMs: 3_600_000, intervalMs: 60_000 },
    );
    await firstStarted;
    const claimed = await portal.db.select().from(outbox).orderBy(outbox.id);
    expect(claimed.map((row) => row.attempts)).toEqual([1, 1, 1]);
    await dispatcher.stop();

    const released = await portal.db.select().from(outbox).orderBy(outbox.id);
    expect(delivered).toEqual([{ n: 0 }]);
    expect(
      released.map((row) => ({ status: row.status, attempts: row.attempts, lastError: row.lastError })),
    ).toEqual([0, 1, 2].map(() => ({ status: 'PENDING', attempts: 0, lastError: null })));
    // Due now, not after the hour-long lease: the next process delivers them at once.
    expect(await dispatchOutboxOnce(portal.db, { webhook: async () => 'done' })).toBe(3);
  });
});
