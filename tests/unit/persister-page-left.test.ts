import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { database as Database } from '../../src/db/database';
import type { createQueryPersister as CreateQueryPersister } from '../../src/db/query-persister';

// A page whose frames never come (as when a person leaves it at once) and which can be left: the
// persister listens to `pagehide` and `visibilitychange` when it is loaded.
const page = new EventTarget();
const documentOfPage = Object.assign(new EventTarget(), { visibilityState: 'visible' });
let database: typeof Database;
let createQueryPersister: typeof CreateQueryPersister;

beforeAll(async () => {
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', documentOfPage);
  vi.stubGlobal('requestAnimationFrame', () => 0);
  ({ database } = await import('../../src/db/database'));
  ({ createQueryPersister } = await import('../../src/db/query-persister'));
});

/** The persisted invoice rows after IndexedDB (fake-indexeddb: `setImmediate`) has had its turns. */
async function storedAfterTurns(turns = 50): Promise<string[]> {
  for (let turn = 0; turn < turns; turn += 1) {
    const rows = await database.queryCache.toArray();
    if (rows.length > 0) return rows.map((row) => JSON.stringify(row.queryKey));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return [];
}

describe('the device copy of an answer seen just before the page is left', () => {
  beforeEach(async () => {
    await database.queryCache.clear();
    // Only the timers are held: the frame (never painted here) and the persister's fallback wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function fetchInvoices(): Promise<void> {
    const persister = createQueryPersister(() => 'kunde@example.com', 'build-1');
    const client = new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn } } });
    await client.fetchQuery({ queryKey: ['orders', 'invoices', 'paid'], queryFn: async () => ['2026-0012'] });
    // TanStack hands the answer to the persister in its next task (`notifyManager.schedule`).
    await vi.advanceTimersByTimeAsync(0);
  }

  it('is written when the page is left, without waiting for a frame', async () => {
    await fetchInvoices();
    page.dispatchEvent(new Event('pagehide'));
    expect(await storedAfterTurns()).toEqual(['["orders","invoices","paid"]']);
  });

  it('is written when the page is hidden (the app switched away on a phone)', async () => {
    await fetchInvoices();
    documentOfPage.visibilityState = 'hidden';
    documentOfPage.dispatchEvent(new Event('visibilitychange'));
    documentOfPage.visibilityState = 'visible';
    expect(await storedAfterTurns()).toEqual(['["orders","invoices","paid"]']);
  });

  it('is written after a short wait when no frame is painted and the page stays', async () => {
    await fetchInvoices();
    await vi.advanceTimersByTimeAsync(250);
    expect(await storedAfterTurns()).toEqual(['["orders","invoices","paid"]']);
  });
});
