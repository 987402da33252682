interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and continues in a new one, so that the browser can handle input and
 * paint in between (long work split into short tasks, for the total blocking time). With
 * `scheduler.yield()` (Chromium) the continuation runs ahead of other queued tasks; elsewhere a
 * `MessageChannel` message, which unlike `setTimeout(0)` is not clamped to 4 ms after a few nestings
 * and runs in a hidden tab too (a `setTimeout` fallback where neither exists, e.g. in Node tests).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'undefined') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
