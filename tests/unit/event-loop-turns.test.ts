import { describe, expect, it } from 'vitest';
import { ownTurn } from '../../server/graphql/event-loop-turns';

/** Counts turns of the event loop (one check phase each) until stopped. */
function turnCounter() {
  const counter = { turn: 0, running: true };
  const tick = () => {
    counter.turn += 1;
    if (counter.running) setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

describe('ownTurn', () => {
  it('resumes waiters that asked in the same turn one per turn, in the order they asked', async () => {
    const counter = turnCounter();
    const resumed: { waiter: number; turn: number }[] = [];
    await Promise.all(
      [1, 2, 3, 4].map((waiter) => ownTurn().then(() => resumed.push({ waiter, turn: counter.turn }))),
    );
    counter.running = false;
    expect(resumed.map((entry) => entry.waiter)).toEqual([1, 2, 3, 4]);
    const turns = resumed.map((entry) => entry.turn);
    for (let index = 1; index < turns.length; index++)
      expect(turns[index]).toBeGreaterThan(turns[index - 1] as number);
  });

  it('lets callbacks that became due meanwhile run between two waiters', async () => {
    const events: string[] = [];
    const first = ownTurn().then(() => {
      events.push('first');
      // Due when the first waiter's heavy part ends (as a new connection or a database answer
      // would be ready): it runs in the next turn, before the second waiter.
      setTimeout(() => events.push('timer'), 0);
      const until = Date.now() + 5;
      while (Date.now() < until) {
        // the first waiter's heavy part
      }
    });
    const second = ownTurn().then(() => events.push('second'));
    await Promise.all([first, second]);
    expect(events).toEqual(['first', 'timer', 'second']);
  });
});
