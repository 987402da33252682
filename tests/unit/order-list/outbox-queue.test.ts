import { describe, expect, it } from 'vitest';
import {
  applyQueue,
  editQueuedChange,
  enqueueChange,
  hasQueuedAdds,
  isEditable,
  isLocalPosition,
  localPositionEntry,
  type OrderChange,
  type OutboxEntry,
  positionCountWithQueue,
  replayOrder,
  retryRefusedEntry,
  settledEntries,
  unsentEntries,
  waitingText,
  withdrawQueuedChange,
} from '../../../src/features/order-list/model/outbox-queue';

let seq = 0;
const entry = (change: OrderChange, status: OutboxEntry['status'] = 'queued'): OutboxEntry => {
  seq += 1;
  return { id: `id-${seq}`, seq, change, status, createdAt: seq };
};
const change = (orderPositionId: number, amount: number, conditionReport = false): OrderChange => ({
  kind: 'change',
  orderPositionId,
  amount,
  conditionReport,
  title: 'Sassicaia',
});

describe('Warteschlange der Orderlisten-Änderungen', () => {
  it('keeps changes of different positions in the order they were made', () => {
    let queue = enqueueChange([], entry(change(1, 2)));
    queue = enqueueChange(queue, entry(change(2, 3)));
    queue = enqueueChange(queue, entry({ kind: 'create', offerId: 7, amount: 1, title: 'Opus One' }));
    expect(replayOrder(queue).map((queued) => queued.change.kind)).toEqual(['change', 'change', 'create']);
  });

  it('replaces a queued change of the same position by the later one, keeping its place', () => {
    let queue = enqueueChange([], entry(change(1, 2)));
    queue = enqueueChange(queue, entry(change(2, 3)));
    queue = enqueueChange(queue, entry(change(1, 5, true)));
    expect(queue).toHaveLength(2);
    expect(replayOrder(queue)[0]?.change).toEqual(change(1, 5, true));
  });

  it('merges a later change of another field into the queued one, so neither is lost', () => {
    let queue = enqueueChange(
      [],
      entry({ kind: 'change', orderPositionId: 1, amount: 2, title: 'Sassicaia' }),
    );
    queue = enqueueChange(
      queue,
      entry({ kind: 'change', orderPositionId: 1, conditionReport: true, title: 'Sassicaia' }),
    );
    expect(queue.map((queued) => queued.change)).toEqual([
      { kind: 'change', orderPositionId: 1, amount: 2, conditionReport: true, title: 'Sassicaia' },
    ]);
    const view = applyQueue(
      [{ id: 1, amount: 1, conditionReport: false }],
      [entry({ kind: 'change', orderPositionId: 1, conditionReport: true, title: 'Sassicaia' })],
    );
    expect(view).toEqual([{ id: 1, amount: 1, conditionReport: true, pending: true }]);
  });

  it('drops queued changes of a position that is then removed', () => {
    let queue = enqueueChange([], entry(change(1, 2)));
    queue = enqueueChange(queue, entry({ kind: 'delete', orderPositionId: 1, title: 'Sassicaia' }));
    expect(queue.map((queued) => queued.change.kind)).toEqual(['delete']);
  });

  it('never merges into a refused entry and never replays one', () => {
    const refused = entry(change(1, 200), 'refused');
    const queue = enqueueChange([refused], entry(change(1, 2)));
    expect(queue).toHaveLength(2);
    expect(replayOrder(queue).map((queued) => queued.id)).toEqual([queue[1]?.id]);
  });

  it('says how many changes wait for the connection', () => {
    expect(waitingText([])).toBeNull();
    expect(waitingText([entry(change(1, 2))])).toBe('1 Änderung wartet auf Verbindung');
    expect(waitingText([entry(change(1, 2)), entry(change(2, 2)), entry(change(3, 1), 'refused')])).toBe(
      '2 Änderungen warten auf Verbindung',
    );
  });

  it('shows the order list with the queued changes applied', () => {
    const positions = [
      { id: 1, offerId: 10, amount: 1, conditionReport: false },
      { id: 2, offerId: 11, amount: 2, conditionReport: false },
    ];
    const queue = [
      entry(change(1, 4, true)),
      entry({ kind: 'delete', orderPositionId: 2, title: 'Opus One' }),
      entry({ kind: 'create', offerId: 12, amount: 3, title: 'Masseto' }),
    ];
    const view = applyQueue(positions, queue, (create, id) => ({
      id,
      offerId: create.offerId,
      amount: create.amount,
      conditionReport: false,
    }));
    const addSeq = queue[2]?.seq ?? 0;
    expect(view).toEqual([
      { id: 1, offerId: 10, amount: 4, conditionReport: true, pending: true },
      { id: -addSeq, offerId: 12, amount: 3, conditionReport: false, pending: true },
    ]);
    expect(localPositionEntry(queue, -addSeq)).toBe(queue[2]);
    expect(applyQueue(positions, queue).map((position) => position.id)).toEqual([1]);
  });

  it('shows an applied change over a list fetched before it, never over one fetched after (no gap, no double)', () => {
    const positions = [{ id: 1, offerId: 10, amount: 1, conditionReport: false }];
    const build = (create: { offerId: number; amount: number }, id: number) => ({
      id,
      offerId: create.offerId,
      amount: create.amount,
      conditionReport: false,
    });
    const applied = (queued: OutboxEntry, appliedAt: number): OutboxEntry => ({
      ...queued,
      status: 'applied',
      appliedAt,
    });
    const add = applied(entry({ kind: 'create', offerId: 12, amount: 3, title: 'Masseto' }), 1_000);
    const amount = applied(entry(change(1, 5)), 1_000);
    const queue = [add, amount];
    // The list on screen was fetched before the server applied both: it shows them as the queue says.
    expect(
      applyQueue(positions, queue, build, 900).map((position) => [position.id, position.amount]),
    ).toEqual([
      [1, 5],
      [-add.seq, 3],
    ]);
    expect(hasQueuedAdds(queue, 900)).toBe(true);
    expect(positionCountWithQueue(1, queue, 900)).toBe(2);
    // Fetched after: the server's list holds them; nothing is applied twice.
    expect(applyQueue(positions, queue, build, 1_100)).toEqual(positions);
    expect(hasQueuedAdds(queue, 1_100)).toBe(false);
    expect(positionCountWithQueue(2, queue, 1_100)).toBe(2);
    expect(settledEntries(queue, 1_100)).toEqual(queue);
    expect(settledEntries(queue, 900)).toEqual([]);
    // Applied changes are no longer unsent (the logout does not ask for them) and never replayed.
    expect(unsentEntries([...queue, entry(change(2, 1))]).length).toBe(1);
    expect(replayOrder(queue)).toEqual([]);
  });

  it('leaves out a queued add it cannot build (queued by an older build without the offer data)', () => {
    const queue = [entry({ kind: 'create', offerId: 12, amount: 3, title: 'Masseto' })];
    const view = applyQueue([{ id: 1, amount: 1, conditionReport: false }], queue, (create, id) =>
      create.offer ? { id, amount: create.amount, conditionReport: false } : undefined,
    );
    expect(view.map((position) => position.id)).toEqual([1]);
  });

  it('marks positions that exist only on this device by their negative temporary id', () => {
    expect(isLocalPosition({ id: -1 })).toBe(true);
    expect(isLocalPosition({ id: 17 })).toBe(false);
  });

  it('knows whether adds wait, so the order list is not called empty meanwhile', () => {
    expect(hasQueuedAdds([])).toBe(false);
    expect(hasQueuedAdds([entry(change(1, 2))])).toBe(false);
    expect(
      hasQueuedAdds([entry({ kind: 'create', offerId: 7, amount: 1, title: 'Opus One' }, 'refused')]),
    ).toBe(false);
    expect(hasQueuedAdds([entry({ kind: 'create', offerId: 7, amount: 1, title: 'Opus One' })])).toBe(true);
  });

  it.each([
    { case: 'nothing queued', server: 3, queue: [] as OrderChange[], expected: 3 },
    {
      case: 'two adds of different offers',
      server: 1,
      queue: [
        { kind: 'create', offerId: 7, amount: 1, title: 'Opus One' },
        { kind: 'create', offerId: 8, amount: 2, title: 'Masseto' },
      ] as OrderChange[],
      expected: 3,
    },
    {
      case: 'two adds of one offer (the server adds them to one position)',
      server: 0,
      queue: [
        { kind: 'create', offerId: 7, amount: 1, title: 'Opus One' },
        { kind: 'create', offerId: 7, amount: 2, title: 'Opus One' },
      ] as OrderChange[],
      expected: 1,
    },
    {
      case: 'a removal and a change',
      server: 2,
      queue: [{ kind: 'delete', orderPositionId: 4, title: 'Opus One' }, change(5, 3)] as OrderChange[],
      expected: 1,
    },
    {
      case: 'never below zero',
      server: 0,
      queue: [{ kind: 'delete', orderPositionId: 4, title: 'Opus One' }] as OrderChange[],
      expected: 0,
    },
  ])('counts the positions for the sidebar badge: $case', ({ server, queue, expected }) => {
    expect(
      positionCountWithQueue(
        server,
        queue.map((queued) => entry(queued)),
      ),
    ).toBe(expected);
  });

  it('does not count a refused add in the badge', () => {
    const refused = entry({ kind: 'create', offerId: 7, amount: 200, title: 'Opus One' }, 'refused');
    expect(positionCountWithQueue(2, [refused])).toBe(2);
  });

  it('sends a refused change again as a new change at the end, with a new id and the corrected amount', () => {
    const refused = entry({ kind: 'create', offerId: 7, amount: 20, title: 'Masseto' }, 'refused');
    const waiting = entry(change(2, 3));
    const queue = retryRefusedEntry([refused, waiting], refused.id, { id: 'neu', createdAt: 99, amount: 3 });
    expect(queue.map((queued) => [queued.id, queued.status])).toEqual([
      [waiting.id, 'queued'],
      ['neu', 'queued'],
    ]);
    expect(queue[1]?.change).toEqual({ kind: 'create', offerId: 7, amount: 3, title: 'Masseto' });
    expect(queue[1]?.seq).toBeGreaterThan(waiting.seq);
    expect(replayOrder(queue).map((queued) => queued.id)).toEqual([waiting.id, 'neu']);
  });

  it('sends a refused removal again unchanged, and leaves the queue alone for an unknown or queued id', () => {
    const removal = entry({ kind: 'delete', orderPositionId: 4, title: 'Opus One' }, 'refused');
    const [again] = retryRefusedEntry([removal], removal.id, { id: 'neu', createdAt: 1, amount: 9 });
    expect(again).toMatchObject({ id: 'neu', status: 'queued', change: removal.change });
    const waiting = entry(change(1, 2));
    expect(retryRefusedEntry([waiting], waiting.id, { id: 'x', createdAt: 1 })).toEqual([waiting]);
    expect(retryRefusedEntry([waiting], 'unbekannt', { id: 'x', createdAt: 1 })).toEqual([waiting]);
  });
});

describe('Bearbeitbare Warteschlange', () => {
  const add = (amount: number): OrderChange => ({ kind: 'create', offerId: 7, amount, title: 'Opus One' });
  const sent = (queued: OutboxEntry): OutboxEntry => ({ ...queued, attempted: true });

  it('collapses a new amount into a waiting add: one change, same id and place, the new amount', () => {
    const first = entry(change(1, 2));
    const waitingAdd = entry(add(1));
    const edited = editQueuedChange([first, waitingAdd], waitingAdd.id, { amount: 3 });
    expect(edited).toEqual([first, { ...waitingAdd, change: add(3) }]);
  });

  it('takes no condition report into a waiting add (adding a position takes none)', () => {
    const waitingAdd = entry(add(1));
    expect(editQueuedChange([waitingAdd], waitingAdd.id, { conditionReport: true })).toBeNull();
    expect(editQueuedChange([waitingAdd], waitingAdd.id, { amount: 1 })).toBeNull();
  });

  it('collapses an edit into a waiting change of a position, field by field', () => {
    const waiting = entry({ kind: 'change', orderPositionId: 1, amount: 2, title: 'Sassicaia' });
    const edited = editQueuedChange([waiting], waiting.id, { conditionReport: true });
    expect(edited?.map((queued) => queued.change)).toEqual([
      { kind: 'change', orderPositionId: 1, amount: 2, conditionReport: true, title: 'Sassicaia' },
    ]);
    expect(edited?.[0]?.id).toBe(waiting.id);
    expect(editQueuedChange(edited ?? [], waiting.id, { amount: 4 })?.[0]?.change).toMatchObject({
      amount: 4,
      conditionReport: true,
    });
  });

  it('has nothing to edit in a waiting removal', () => {
    const removal = entry({ kind: 'delete', orderPositionId: 1, title: 'Sassicaia' });
    expect(editQueuedChange([removal], removal.id, { amount: 2 })).toBeNull();
  });

  it('withdraws a waiting change: it is never sent, the others keep their order', () => {
    const first = entry(add(1));
    const second = entry(change(1, 2));
    const third = entry({ kind: 'delete', orderPositionId: 4, title: 'Pétrus' });
    const queue = withdrawQueuedChange([first, second, third], second.id);
    expect(queue).toEqual([first, third]);
    expect(replayOrder(queue ?? []).map((queued) => queued.id)).toEqual([first.id, third.id]);
  });

  it('neither edits nor withdraws a change that was sent without an answer, nor a refused or unknown one', () => {
    const onItsWay = sent(entry(add(1)));
    const refused = entry(change(1, 2), 'refused');
    const queue = [onItsWay, refused];
    expect(isEditable(onItsWay)).toBe(false);
    expect(isEditable(refused)).toBe(false);
    for (const id of [onItsWay.id, refused.id, 'unbekannt']) {
      expect(editQueuedChange(queue, id, { amount: 3 }), id).toBeNull();
      expect(withdrawQueuedChange(queue, id), id).toBeNull();
    }
  });

  it('merges a later change only into a change never sent; one sent stays as it went out', () => {
    const onItsWay = sent(entry(change(1, 2)));
    const queue = enqueueChange([onItsWay], entry(change(1, 5)));
    expect(queue.map((queued) => queued.change)).toEqual([change(1, 2), change(1, 5)]);
    const removed = enqueueChange(
      [onItsWay],
      entry({ kind: 'delete', orderPositionId: 1, title: 'Sassicaia' }),
    );
    expect(removed.map((queued) => queued.change.kind)).toEqual(['change', 'delete']);
  });

  it('finds the waiting add behind a position that exists only on this device', () => {
    const first = entry(change(1, 2));
    const waitingAdd = entry(add(2));
    const queue = [first, waitingAdd];
    const positions = applyQueue([{ id: 1, amount: 1, conditionReport: false }], queue, (created, id) => ({
      id,
      amount: created.amount,
      conditionReport: false,
    }));
    const local = positions.find((position) => isLocalPosition(position));
    expect(local).toBeDefined();
    expect(localPositionEntry(queue, local?.id ?? 0)).toBe(waitingAdd);
    expect(localPositionEntry(queue, 1)).toBeUndefined();
  });
});
