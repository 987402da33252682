/**
 * What the `faults-*.test.ts` files share: the demo client, the ports reserved for them, waiting
 * for an observable state, and reading the order list from a server child process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiOperations } from './documents';
import { postGraphQL, type ServerProcess } from './server-process';

export const EMAIL = 'kunde@example.com';
export const PASSWORD = 'Weindepot2026!';
export const TEST_TIMEOUT_MS = 600_000;
/** Ports of the fault files (4677–4689 are reserved for the fault and load tests). */
export const ports = {
  replay: { pglite: 4677, postgres: 4678 },
  dispatcher: { pglite: 4679, postgres: 4680 },
  databaseRestart: 4681,
  gracefulStop: { pglite: 4683, postgres: 4684 },
};

/** The fault files' documents (`tests/api/documents/faults.graphql`) by operation name. */
export const faultOperation = apiOperations('faults');

/** Polls `condition` until it holds; fails with `explain()` after `limitMs` (a bound, not a measurement). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  explain: () => string,
  limitMs = 180_000,
) {
  const end = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Zustand nicht erreicht: ${explain()}`);
    await sleep(100);
  }
}

export interface ListedPosition {
  id: number;
  amount: number;
  conditionReport: boolean;
  offer: { id: number };
}

export async function orderList(server: ServerProcess, token: string): Promise<ListedPosition[]> {
  const answer = await postGraphQL<{ orderPositionList: ListedPosition[] }>(
    server.url,
    faultOperation('OrderList'),
    {},
    token,
  );
  if (!answer.data) throw new Error(`Orderliste nicht lesbar: ${answer.text}`);
  return answer.data.orderPositionList;
}
