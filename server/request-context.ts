/**
 * The request a piece of work belongs to, carried through its async calls (AsyncLocalStorage), so
 * code deep below a resolver or route — the outbox's `enqueueOutbox` — can record which request
 * caused it without every service passing the id along. Entered by `server/observability/logging.ts`
 * once the request's body is read; work outside a request (jobs, the seed) has none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) as part of the request `scope`. */
export function runInRequest<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The id of the request being served, or null outside a request. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
