import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderKeys } from '../../../src/api/order-keys';
import { positionChangesSettled } from '../../../src/features/order-list/api/orders';

/** Starts a change of an order position, as the row's amount box does, that ends when told to. */
function startChange(queryClient: QueryClient, kind: 'change' | 'delete') {
  let finish: (ok: boolean) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = (ok) => (ok ? resolve() : reject(new Error('Netzwerkfehler')));
  });
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationKey: [...orderKeys.all, kind],
    networkMode: 'always',
    mutationFn: () => done,
  });
  const running = mutation.execute(undefined).catch(() => undefined);
  return { finish: async (ok: boolean) => (finish(ok), await running) };
}

describe('the binding order and the changes still on their way', () => {
  it('goes ahead at once when no change is being sent', async () => {
    await expect(positionChangesSettled(new QueryClient())).resolves.toBe(true);
  });

  it('waits for an amount being sent, and goes ahead once it is saved', async () => {
    const queryClient = new QueryClient();
    const change = startChange(queryClient, 'change');
    let answer: boolean | undefined;
    const waiting = positionChangesSettled(queryClient).then((settled) => {
      answer = settled;
    });
    await Promise.resolve();
    expect(answer).toBeUndefined();
    await change.finish(true);
    await waiting;
    expect(answer).toBe(true);
  });

  it('does not go ahead when a change or a removal on its way failed', async () => {
    const queryClient = new QueryClient();
    const change = startChange(queryClient, 'change');
    const removal = startChange(queryClient, 'delete');
    const waiting = positionChangesSettled(queryClient);
    await change.finish(true);
    await removal.finish(false);
    await expect(waiting).resolves.toBe(false);
  });
});
