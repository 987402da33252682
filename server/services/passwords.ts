import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { GraphQLError } from 'graphql';
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Password hashing behind a bounded queue. argon2id (the library's defaults: 64 MiB, 3 passes)
 * runs in libuv's thread pool; without a bound, a storm of sign-ins queues there without end, holds
 * 64 MiB per running hash and delays every other use of the pool (file reads, DNS). Here at most
 * `concurrency` hashes run at once (one per core by default) and at most `queueLimit` wait; a
 * request beyond that is refused at once with `PasswordQueueFull`, which the sign-in answers with a
 * German "bitte gleich erneut versuchen" instead of letting the client wait for minutes.
 */
export interface PasswordHashingOptions {
  concurrency: number;
  queueLimit: number;
}

export const defaultPasswordHashing = (): PasswordHashingOptions => ({
  concurrency: Math.max(1, availableParallelism()),
  queueLimit: 200,
});

let options = defaultPasswordHashing();
let limit: LimitFunction = pLimit(options.concurrency);

/** Sets the bounds (server start, tests); hashes already queued finish under the old ones. */
export function configurePasswordHashing(next: PasswordHashingOptions): void {
  if (next.concurrency === options.concurrency && next.queueLimit === options.queueLimit) return;
  options = next;
  limit = pLimit(next.concurrency);
}

export const PASSWORD_QUEUE_FULL_MESSAGE =
  'Gerade melden sich sehr viele Kunden gleichzeitig an. Bitte versuchen Sie es gleich erneut.';
/** Seconds a client should wait before trying again (`Retry-After`). */
const RETRY_AFTER_SECONDS = 2;

/**
 * The queue in front of the hashing is full; nothing was checked. A GraphQL error meant for the
 * client (like the database-outage answer: SERVICE_UNAVAILABLE, HTTP 503, `Retry-After`), so the
 * PWA shows the message as it is and nothing is logged as unexpected.
 */
export class PasswordQueueFull extends GraphQLError {
  constructor() {
    super(PASSWORD_QUEUE_FULL_MESSAGE, {
      extensions: {
        code: 'SERVICE_UNAVAILABLE',
        http: { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
      },
    });
    this.name = 'PasswordQueueFull';
  }
}

/** Hashes running and waiting now, and the bound of the waiting ones (the metrics). */
export function passwordHashingLoad(): { running: number; waiting: number; queueLimit: number } {
  return { running: limit.activeCount, waiting: limit.pendingCount, queueLimit: options.queueLimit };
}

function queued<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= options.queueLimit) return Promise.reject(new PasswordQueueFull());
  return limit(work);
}

export function hashPassword(password: string): Promise<string> {
  return queued(() => argon2.hash(password, { type: argon2.argon2id }));
}

/** Whether the password matches; `PasswordQueueFull` when it could not be checked now. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return queued(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}
