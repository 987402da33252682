/**
 * One turn of the event loop each for heavy continuations. Node runs every callback
 * whose I/O is ready in the same turn of its event loop, and it accepts at most one new connection
 * per turn (libuv 1.45+). With ten database connections, up to ten finished depot reads (each a few
 * milliseconds of building and encoding a 166 KiB answer) ran back to back in one turn, and with 100
 * clients connecting at once the last ones waited seconds to be accepted at all. A continuation that
 * awaits `ownTurn()` resumes in a turn of its own (first come, first served), so new connections,
 * small requests and database answers are served between two heavy answers. Costs one turn's delay
 * when nothing else waits.
 */

const waiting: (() => void)[] = [];
let releasing = false;

/** Resumes the first waiter (in the loop's check phase); the next one waits for the next turn. */
function releaseOne(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(releaseOne);
  else releasing = false;
}

/** Resolves in a turn of the event loop that resumes no other waiter; in order of the calls. */
export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!releasing) {
      releasing = true;
      setImmediate(releaseOne);
    }
  });
}
