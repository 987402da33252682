/**
 * The bounded queue in front of argon2id (server/services/passwords.ts): at most `concurrency`
 * hashes run, at most `queueLimit` wait, and whatever comes beyond is refused at once with the German
 * retry answer, without being hashed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  configurePasswordHashing,
  defaultPasswordHashing,
  hashPassword,
  PASSWORD_QUEUE_FULL_MESSAGE,
  PasswordQueueFull,
  verifyPassword,
} from '../../server/services/passwords';

afterEach(() => configurePasswordHashing(defaultPasswordHashing()));

// argon2id takes its time on a loaded 2-core machine; the tests count outcomes, not seconds.
const ARGON_TIME = { timeout: 60_000 };

describe('password hashing queue', () => {
  it('lets the running and the waiting checks through and refuses the rest at once', ARGON_TIME, async () => {
    const hash = await hashPassword('geheim-und-lang');
    configurePasswordHashing({ concurrency: 1, queueLimit: 2 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => verifyPassword(hash, 'geheim-und-lang')),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    // Called in one go: one runs, two wait, the other five find the queue full.
    expect(accepted.map((outcome) => outcome.value)).toEqual([true, true, true]);
    expect(refused).toHaveLength(5);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(PasswordQueueFull);
      expect(outcome.reason.message).toBe(PASSWORD_QUEUE_FULL_MESSAGE);
      expect(outcome.reason.extensions.code).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('takes new checks again once the queue has drained', ARGON_TIME, async () => {
    const hash = await hashPassword('geheim-und-lang');
    configurePasswordHashing({ concurrency: 1, queueLimit: 1 });
    const first = await Promise.allSettled([
      verifyPassword(hash, 'x'),
      verifyPassword(hash, 'x'),
      verifyPassword(hash, 'x'),
    ]);
    expect(first.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    await expect(verifyPassword(hash, 'geheim-und-lang')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'falsch')).resolves.toBe(false);
  });
});
