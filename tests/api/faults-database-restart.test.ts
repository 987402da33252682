/**
 * A Postgres restart under load. The machine's shared Postgres is never touched:
 * a TCP proxy between the server (a child process) and Postgres cuts every connection and refuses
 * new ones for a few seconds, as a restarting database does, then lets them through again.
 * Requests in between must get the German "bitte erneut versuchen" answer (503, code
 * SERVICE_UNAVAILABLE, no stack trace or SQL), and the same server process must answer normally
 * afterwards. PGlite runs inside the server process and cannot restart on its own: Postgres only.
 * No timing is asserted: every wait is for an observable state, bounded generously.
 */
import 'fake-indexeddb/auto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { faultOperation, ports, TEST_TIMEOUT_MS } from './support/faults';
import { databaseTargets } from './support/harness';
import { startPostgresProxy } from './support/postgres-proxy';
import { createServerSetup, postGraphQL, type ServerSetup, signIn } from './support/server-process';

const ORDER_LIST_FLAGS = faultOperation('OrderListFlags');
const ORDER_LIST_AMOUNTS = faultOperation('OrderListAmounts');
const SEARCH_CHATEAU = faultOperation('SearchChateau');
const CLIENTS_DEPOT = faultOperation('ClientsDepot');
const FLAG_CONDITION_REPORT = faultOperation('FlagConditionReport');

let setup: ServerSetup | undefined;
afterEach(async () => {
  await setup?.cleanup();
  setup = undefined;
});

type Operation = 'clientsDepot' | 'searchOffers' | 'orderPositionList' | 'changeOrderPosition';

interface Outcome {
  operation: Operation;
  afterRestore: boolean;
  kind: 'ok' | 'retry' | 'other';
  status: number;
  text: string;
  retryAfter: string | null;
}

const postgresTargets = databaseTargets.filter((target) => target === 'postgres');

/** Waits for `condition`, bounded; gives up at once when `broken()` says the server is gone. */
async function waitUnderLoad(condition: () => boolean, explain: () => string, broken: () => boolean) {
  const end = Date.now() + 120_000;
  while (!condition()) {
    if (broken()) throw new Error(`Der Server-Prozess ist beendet: ${explain()}`);
    if (Date.now() > end) throw new Error(`Zustand nicht erreicht: ${explain()}`);
    await sleep(50);
  }
}

describe.each(postgresTargets)('Neustart der Datenbank unter Last (%s)', () => {
  it(
    'answers "bitte erneut versuchen" while Postgres is away and works again without a server restart',
    async () => {
      const upstream = new URL(process.env.TEST_DATABASE_URL as string);
      const proxy = await startPostgresProxy(upstream.hostname, Number(upstream.port || 5432));
      try {
        setup = await createServerSetup('postgres', {
          port: ports.databaseRestart,
          databaseUrl: (url) => {
            const viaProxy = new URL(url);
            viaProxy.hostname = '127.0.0.1';
            viaProxy.port = String(proxy.port);
            return viaProxy.toString();
          },
        });
        const server = await setup.start();
        expect(proxy.connections()).toBeGreaterThan(0);
        const token = await signIn(server.url, 'kunde@example.com', 'Weindepot2026!');
        const list = await postGraphQL<{ orderPositionList: { id: number; conditionReport: boolean }[] }>(
          server.url,
          ORDER_LIST_FLAGS,
          {},
          token,
        );
        const position = list.data?.orderPositionList[0];
        if (!position) throw new Error(`Keine Position auf der Orderliste: ${list.text}`);

        const requests: Record<Operation, () => ReturnType<typeof postGraphQL>> = {
          clientsDepot: () => postGraphQL(server.url, CLIENTS_DEPOT, {}, token),
          // Without a token: the failure comes from the resolver, not from reading the session.
          searchOffers: () => postGraphQL(server.url, SEARCH_CHATEAU),
          orderPositionList: () => postGraphQL(server.url, ORDER_LIST_AMOUNTS, {}, token),
          // A write in a transaction.
          changeOrderPosition: () =>
            postGraphQL(
              server.url,
              FLAG_CONDITION_REPORT,
              { id: position.id, flag: Math.random() < 0.5 },
              token,
            ),
        };
        const operations = Object.keys(requests) as Operation[];

        const outcomes: Outcome[] = [];
        let restored = false;
        let running = true;
        const worker = async (offset: number) => {
          for (let index = offset; running; index++) {
            const operation = operations[index % operations.length] as Operation;
            const afterRestore = restored;
            const answer = await requests[operation]().catch(() => null);
            if (!answer) {
              // No HTTP answer at all (the server process died): recorded as a failure.
              outcomes.push({
                operation,
                afterRestore,
                kind: 'other',
                status: 0,
                text: 'keine Antwort',
                retryAfter: null,
              });
              await sleep(100);
              continue;
            }
            const code = answer.errors?.[0]?.extensions?.code;
            const ok = answer.status === 200 && !answer.errors && answer.data !== null;
            const retry = answer.status === 503 && code === 'SERVICE_UNAVAILABLE';
            outcomes.push({
              operation,
              afterRestore,
              kind: ok ? 'ok' : retry ? 'retry' : 'other',
              status: answer.status,
              text: answer.text,
              retryAfter: answer.headers.get('retry-after'),
            });
            // Like a client that waits a little before it tries again (not the full Retry-After).
            if (!ok) await sleep(50);
          }
        };
        const workers = Array.from({ length: 6 }, (_, offset) => worker(offset));
        const count = (kind: Outcome['kind'], filter: (outcome: Outcome) => boolean = () => true) =>
          outcomes.filter((outcome) => outcome.kind === kind && filter(outcome)).length;
        const summary = () =>
          `ok ${count('ok')}, erneut versuchen ${count('retry')}, andere ${count('other')}: ${outcomes
            .filter((outcome) => outcome.kind === 'other')
            .slice(0, 2)
            .map((outcome) => `${outcome.status} ${outcome.text.slice(0, 300)}`)
            .join(' | ')}\n${server.output().slice(-2000)}`;

        const gone = () => !server.alive();
        try {
          await waitUnderLoad(() => count('ok') >= 40, summary, gone);
          // The restart: a few seconds without a database, until every operation has been refused.
          await proxy.cut();
          await sleep(3_000);
          await waitUnderLoad(
            () =>
              operations.every(
                (operation) => count('retry', (outcome) => outcome.operation === operation) >= 2,
              ),
            summary,
            gone,
          );
          await proxy.restore();
          restored = true;
          await waitUnderLoad(() => count('ok', (outcome) => outcome.afterRestore) >= 40, summary, gone);
        } finally {
          running = false;
          await Promise.all(workers);
        }

        // Every answer was either a normal one or the German retry answer: no 500, no HTML, no trace.
        expect(outcomes.filter((outcome) => outcome.kind === 'other')).toEqual([]);
        const retries = outcomes.filter((outcome) => outcome.kind === 'retry');
        expect(retries.length).toBeGreaterThan(0);
        for (const retry of retries) {
          const body = JSON.parse(retry.text) as { errors: { message: string }[] };
          expect(body.errors.map((error) => error.message)).toEqual([
            'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
          ]);
          expect(retry.text).not.toMatch(/stack|Failed query|select |ECONN|Connection terminated|at \//i);
          expect(retry.retryAfter).toBe('5');
        }

        // The same process serves again, each operation answered normally one after the other.
        expect(server.alive()).toBe(true);
        for (const operation of operations) {
          const answer = await requests[operation]();
          expect(answer.errors, answer.text).toBeUndefined();
          expect(answer.status).toBe(200);
        }
        expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
      } finally {
        await proxy.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
