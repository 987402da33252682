/**
 * Sign-in storms: the password check (argon2id) runs behind a bounded queue. Correct sign-ins that
 * fit into the queue are all answered; beyond it a client gets the German "bitte gleich erneut
 * versuchen" (HTTP 503, SERVICE_UNAVAILABLE) at once, the refused attempt counts against no limit,
 * and nothing unexpected is logged. The queue's exact bound is checked in
 * `tests/unit/password-queue.test.ts`; throughput and p99 of 100 simultaneous sign-ins are measured
 * in `bench/`, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE } from '../../server/graphql/unavailable';
import {
  configurePasswordHashing,
  defaultPasswordHashing,
  PASSWORD_QUEUE_FULL_MESSAGE,
} from '../../server/services/passwords';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const PASSWORD = 'Weindepot2026!';

describe.each(databaseTargets)('Anmeldesturm (%s)', (target) => {
  let portal: TestPortal;
  const email = 'sturm@example.com';

  beforeAll(async () => {
    // One hash at a time, as on a one-core machine.
    portal = await startTestPortal(target, {
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE_LIMIT: '50' },
    });
    await portal.createUser(email);
  });
  afterAll(async () => {
    await portal?.close();
    configurePasswordHashing(defaultPasswordHashing());
  });

  const signIn = (ip: string) =>
    portal.gql<{ tokenAuth: { token: string } | null }>(LOGIN, { email, password: PASSWORD }, { ip });

  it('answers every one of a storm of correct sign-ins that fits the queue with a session', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => signIn(`10.20.0.${index}`)));
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.tokenAuth?.token).toMatch(/\S{20,}/);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  });

  it('asks for a retry in German when the queue is full, and does not count that as a failed attempt', async () => {
    configurePasswordHashing({ concurrency: 1, queueLimit: 0 });
    try {
      // As many as the per-(address, IP) limit of 10, all from one address: none of them is checked.
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn('10.21.0.1')));
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.errors?.[0]?.extensions?.code).toBe(SERVICE_UNAVAILABLE);
        expect(answer.errors?.[0]?.message).toBe(PASSWORD_QUEUE_FULL_MESSAGE);
        expect(answer.data?.tokenAuth ?? null).toBeNull();
      }
    } finally {
      configurePasswordHashing({ concurrency: 1, queueLimit: 50 });
    }
    // Had they counted as failures, this eleventh attempt from that address would be refused.
    const after = await signIn('10.21.0.1');
    expect(after.errors).toBeUndefined();
    expect(after.data?.tokenAuth?.token).toMatch(/\S{20,}/);
    expect(portal.unexpectedErrors).toEqual([]);
  });
});
