import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { MutationRefused } from '../../src/api/mutation-refused';
import { createQueryClient } from '../../src/app/query-client';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('failed mutations are notified once, by the query client', () => {
  it('shows a refusal under the title of the mutation and skips forms that show it inline', async () => {
    const client = createQueryClient();
    const run = (meta: Record<string, unknown>) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(new MutationRefused('Die Tranche ist verknüpft.', 'LINKED')),
          meta,
        })
        .execute(undefined)
        .catch(() => undefined);
    await run({ errorTitle: 'Nicht hinzugefügt' });
    await run({ inlineErrors: true });
    expect(notifications.show).toHaveBeenCalledTimes(1);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Nicht hinzugefügt',
        message: 'Die Tranche ist verknüpft.',
        color: 'red',
      }),
    );
  });
});
