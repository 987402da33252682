import { describe, expect, it } from 'vitest';
import {
  amountToSend,
  orderListContent,
  positionMaxCases,
  positionRowState,
} from '../../../src/features/order-list/model/order-list-view';
import type { OutboxEntry } from '../../../src/features/order-list/model/outbox-queue';

const queuedAdd = (seq: number, attempted = false): OutboxEntry => ({
  id: `add-${seq}`,
  seq,
  change: { kind: 'create', offerId: 7, amount: 1, title: 'Opus One' },
  status: 'queued',
  createdAt: seq,
  attempted,
});

describe('what takes the order list page', () => {
  it('lists positions, also when only a queued add is there', () => {
    expect(orderListContent({ positions: 2, queuedAdds: false, openInvoices: 1, blocked: true })).toBe(
      'positions',
    );
    expect(orderListContent({ positions: 0, queuedAdds: true, openInvoices: 0, blocked: false })).toBe(
      'positions',
    );
  });

  it('shows the blocked notice for an open order being checked, the empty notice with nothing open', () => {
    expect(orderListContent({ positions: 0, queuedAdds: false, openInvoices: 1, blocked: true })).toBe(
      'blocked',
    );
    expect(orderListContent({ positions: 0, queuedAdds: false, openInvoices: 1, blocked: false })).toBe(
      'none',
    );
    expect(orderListContent({ positions: 0, queuedAdds: false, openInvoices: 0, blocked: false })).toBe(
      'empty',
    );
  });
});

describe('a position row with the changes waiting on this device', () => {
  it('edits a sent position on the server', () => {
    expect(positionRowState({ id: 12 }, [queuedAdd(3)])).toEqual({
      waitingAdd: undefined,
      editable: true,
      waiting: false,
    });
  });

  it('edits a queued add in the outbox until its sending started', () => {
    const add = queuedAdd(3);
    expect(positionRowState({ id: -3 }, [add])).toEqual({ waitingAdd: add, editable: true, waiting: true });
    const sending = queuedAdd(4, true);
    expect(positionRowState({ id: -4 }, [sending])).toMatchObject({ editable: false, waiting: true });
  });

  it('shows a local position whose change is gone read-only', () => {
    expect(positionRowState({ id: -9 }, [])).toEqual({
      waitingAdd: undefined,
      editable: false,
      waiting: true,
    });
  });
});

describe("a position's amount box", () => {
  it('takes up to the available cases, never less than the position holds, at most 100', () => {
    expect(positionMaxCases({ amount: 2, offer: { availableCases: 5 } })).toBe(5);
    expect(positionMaxCases({ amount: 4, offer: { availableCases: 1 } })).toBe(4);
    expect(positionMaxCases({ amount: 1, offer: { availableCases: 250 } })).toBe(100);
  });

  it('sends a changed amount within range, nothing else', () => {
    expect(amountToSend(3, 5, 2)).toBe(3);
    expect(amountToSend('', 5, 2)).toBeNull();
    expect(amountToSend(0, 5, 2)).toBeNull();
    expect(amountToSend(6, 5, 2)).toBeNull();
    expect(amountToSend(2, 5, 2)).toBeNull();
  });
});
