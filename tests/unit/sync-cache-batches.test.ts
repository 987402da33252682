/**
 * The sync's cache writes outside `fetchQuery` (forgetting and confirming queries) go in batches:
 * each batch's notifications are flushed together, so a subscribed screen re-renders once per batch,
 * and the browser gets a task boundary between batches (total blocking time).
 */
import { defaultScheduler, notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { CACHE_BATCH, inBatches } from '../../src/features/sync/api/sync';
import { yieldToBrowser } from '../../src/features/sync/api/yield-to-browser';

afterEach(() => {
  notifyManager.setScheduler(defaultScheduler);
});

it('writes every item once, in order, and flushes the notifications once per batch', async () => {
  const written: number[] = [];
  const flushes: number[] = [];
  // TanStack flushes a batch's queued notifications in one scheduled callback (a `setTimeout` in the
  // app, where React renders them together): recorded here with how much had been written by then.
  notifyManager.setScheduler((callback) => {
    flushes.push(written.length);
    callback();
  });
  const queryClient = new QueryClient();
  const observer = new QueryObserver(queryClient, { queryKey: ['depot'], enabled: false });
  let notified = 0;
  // As `useQuery` subscribes: its listener is called through the notify manager's queue.
  const unsubscribe = observer.subscribe(
    notifyManager.batchCalls(() => {
      notified += 1;
    }),
  );
  const items = Array.from({ length: 2 * CACHE_BATCH + 5 }, (_, index) => index);
  await inBatches(items, (item) => {
    written.push(item);
    queryClient.setQueryData(['depot'], { version: item });
  });
  unsubscribe();
  expect(written).toEqual(items);
  expect(queryClient.getQueryData(['depot'])).toEqual({ version: items.at(-1) });
  // One flush at the end of each of the three batches (not one per write).
  expect(flushes).toEqual([CACHE_BATCH, 2 * CACHE_BATCH, items.length]);
  expect(notified).toBe(items.length);
});

it("yields through the browser's scheduler.yield() where there is one, else still continues", async () => {
  const host = globalThis as { scheduler?: { yield: () => Promise<void> } };
  let yields = 0;
  host.scheduler = {
    yield: () => {
      yields += 1;
      return Promise.resolve();
    },
  };
  try {
    await yieldToBrowser();
  } finally {
    delete host.scheduler;
  }
  expect(yields).toBe(1);
  // Without it (Node here): a MessageChannel message, which resolves.
  await expect(yieldToBrowser()).resolves.toBeUndefined();
});
