/**
 * Crash faults against the production server as a child process, SIGKILLed and started again on the
 * same data: the PWA's order-list outbox replays 100 queued changes while the server dies twice (once
 * right after committing a change whose answer never reaches the client, once at an arbitrary moment
 * of a request); every change must be applied exactly once.
 * No timing is asserted: every wait is for an observable state, bounded generously.
 */
import 'fake-indexeddb/auto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { GraphQLClient } from 'graphql-request';
import { afterEach, describe, expect, it } from 'vitest';
import { processedMutations, users } from '../../server/db/schema';
import { sendOrderChange } from '../../src/features/order-list/api/order-changes';
import {
  clearOutbox,
  queueOrderChange,
  readOutbox,
  replayOutbox,
} from '../../src/features/order-list/api/outbox-store';
import {
  type OrderChange,
  type OutboxEntry,
  unsentEntries,
} from '../../src/features/order-list/model/outbox-queue';
import { EMAIL, faultOperation, orderList, PASSWORD, ports, TEST_TIMEOUT_MS } from './support/faults';
import { databaseTargets } from './support/harness';
import {
  createServerSetup,
  postGraphQL,
  type ServerProcess,
  type ServerSetup,
  signIn,
} from './support/server-process';

const AVAILABLE_OFFERS = faultOperation('AvailableOffers');
const ADD_ONE_CASE = faultOperation('AddOneCase');

let setup: ServerSetup | undefined;
afterEach(async () => {
  await setup?.cleanup();
  setup = undefined;
});

describe.each(databaseTargets)('Absturz während der Outbox-Wiedergabe der Orderliste (%s)', (target) => {
  it(
    'applies every one of 100 replayed changes exactly once although the server is SIGKILLed twice',
    async () => {
      setup = await createServerSetup(target, { port: ports.replay[target] });
      let server = await setup.start();
      let token = await signIn(server.url, EMAIL, PASSWORD);

      // The offers and the list as the client sees them before going offline.
      const search = await postGraphQL<{
        searchOffers: { available: { id: number; availableCases: number }[] };
      }>(server.url, AVAILABLE_OFFERS, {}, token);
      const before = await orderList(server, token);
      const onList = new Set(before.map((position) => position.offer.id));
      const candidates = (search.data?.searchOffers.available ?? [])
        .filter((offer) => !onList.has(offer.id))
        .sort((a, b) => b.availableCases - a.availableCases);
      // Two offers take 25 single-case additions each (a doubled one would show as 26), ten
      // offers get a position now and then 2 additions, 1 change, 2 additions each while offline.
      const bulk = candidates.slice(0, 2);
      const mixed = candidates.slice(2, 12);
      expect(bulk.every((offer) => offer.availableCases >= 26)).toBe(true);
      expect(mixed).toHaveLength(10);
      expect(mixed.every((offer) => offer.availableCases >= 5)).toBe(true);
      for (const offer of mixed) {
        const created = await postGraphQL<{ createOrderPosition: { success: boolean } }>(
          server.url,
          ADD_ONE_CASE,
          { offerId: offer.id },
          token,
        );
        expect(created.data?.createOrderPosition.success).toBe(true);
      }
      const start = await orderList(server, token);
      const positionOf = new Map(start.map((position) => [position.offer.id, position]));

      // 100 queued changes in the device's outbox (IndexedDB), as the PWA queues them offline.
      await clearOutbox(EMAIL);
      const changes: OrderChange[] = [];
      for (let round = 0; round < 25; round++) {
        for (const offer of bulk)
          changes.push({ kind: 'create', offerId: offer.id, amount: 1, title: `#${offer.id}` });
      }
      for (const step of ['create', 'create', 'change', 'create', 'create'] as const) {
        for (const offer of mixed) {
          const position = positionOf.get(offer.id);
          if (!position) throw new Error(`Position für Angebot ${offer.id} fehlt`);
          changes.push(
            step === 'create'
              ? { kind: 'create', offerId: offer.id, amount: 1, title: `#${offer.id}` }
              : {
                  kind: 'change',
                  orderPositionId: position.id,
                  amount: 3,
                  conditionReport: true,
                  title: `#${offer.id}`,
                },
          );
        }
      }
      for (const change of changes) await queueOrderChange(EMAIL, change);
      const queued = await readOutbox(EMAIL);
      expect(queued).toHaveLength(100);

      // The expected list: every change applied once, in queue order.
      const expected = new Map(
        start.map((position) => [
          position.offer.id,
          { amount: position.amount, conditionReport: position.conditionReport },
        ]),
      );
      for (const { change } of queued) {
        if (change.kind === 'create') {
          const current = expected.get(change.offerId);
          expected.set(change.offerId, {
            amount: (current?.amount ?? 0) + change.amount,
            conditionReport: current?.conditionReport ?? false,
          });
        } else if (change.kind === 'change') {
          const offerId = start.find((position) => position.id === change.orderPositionId)?.offer
            .id as number;
          expected.set(offerId, {
            amount: change.amount ?? 0,
            conditionReport: change.conditionReport ?? false,
          });
        }
      }

      // Crash 1: the 30th change is committed, then the server dies before its answer arrives.
      // Crash 2: the server dies while the 65th change is on its way (whether it got committed or
      // not is left to chance; either way the client resends it).
      const crashes = new Map<string, 'after-commit' | 'in-flight'>([
        [(queued[29] as OutboxEntry).id, 'after-commit'],
        [(queued[64] as OutboxEntry).id, 'in-flight'],
      ]);
      const crashingFetch: typeof fetch = async (input, init) => {
        const body = typeof init?.body === 'string' ? init.body : '';
        const planned = [...crashes.entries()].find(([id]) => body.includes(id));
        if (!planned) return fetch(input, init);
        crashes.delete(planned[0]);
        if (planned[1] === 'after-commit') {
          const response = await fetch(input, init);
          const answer = await response.text();
          expect(answer).toContain('"success":true');
          await server.kill();
          throw new TypeError('fetch failed: die Antwort ging verloren');
        }
        const sending = fetch(input, init);
        // It may fail while the kill is awaited; the caller sees that failure when it awaits it.
        sending.catch(() => undefined);
        await sleep(2);
        await server.kill();
        return sending;
      };
      const clientFor = (current: ServerProcess, currentToken: string) =>
        new GraphQLClient(`${current.url}/graphql`, {
          headers: { authorization: `JWT ${currentToken}` },
          fetch: crashingFetch,
        });

      let restarts = 0;
      let refused = 0;
      for (;;) {
        const client = clientFor(server, token);
        try {
          const result = await replayOutbox(EMAIL, (entry) => sendOrderChange(client, entry));
          refused += result.refused;
          break;
        } catch {
          // The connection broke: the rest stays queued, the app retries once the server is back.
          expect(server.alive()).toBe(false);
          expect(restarts).toBeLessThan(2);
          restarts += 1;
          server = await setup.start();
          token = await signIn(server.url, EMAIL, PASSWORD);
        }
      }
      expect(restarts).toBe(2);
      expect(refused).toBe(0);
      // Nothing is left to send: every entry is marked applied (it leaves the outbox once the
      // PWA's order list is fetched again, see overlayOrder/settledEntries).
      const afterReplay = await readOutbox(EMAIL);
      expect(unsentEntries(afterReplay)).toEqual([]);
      expect(afterReplay.every((entry) => entry.status === 'applied')).toBe(true);

      // The worst case: the client lost every answer and sends all 100 changes again. Each is
      // answered with its recorded result and changes nothing.
      const plainClient = new GraphQLClient(`${server.url}/graphql`, {
        headers: { authorization: `JWT ${token}` },
      });
      for (const entry of queued) {
        expect(await sendOrderChange(plainClient, entry)).toEqual({ outcome: 'applied' });
      }

      const after = await orderList(server, token);
      const actual = new Map(
        after.map((position) => [
          position.offer.id,
          { amount: position.amount, conditionReport: position.conditionReport },
        ]),
      );
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));

      // Exactly one recorded result per change, all of them applied.
      await server.stop();
      const recorded = await setup.withDatabase(async (db) =>
        db
          .select({ id: processedMutations.clientMutationId, result: processedMutations.result })
          .from(processedMutations)
          .innerJoin(users, eq(users.id, processedMutations.userId))
          .where(eq(users.email, EMAIL)),
      );
      expect(recorded).toHaveLength(100);
      expect(new Set(recorded.map((row) => row.id))).toEqual(new Set(queued.map((entry) => entry.id)));
      expect(recorded.every((row) => row.result.success === true)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
