import { notifications, notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  reportSuccess,
  SAVED_NOTICE_MS,
  showSuccessNotice,
} from '../../src/components/feedback/success-notice';

const shown = () => notificationsStore.getState().notifications;

describe('success notice', () => {
  beforeEach(() => notifications.clean());

  it('shows the message in teal with the options given, else with the container’s duration', () => {
    showSuccessNotice('Gespeichert.', { title: 'Position gespeichert', autoClose: 3000 });
    showSuccessNotice('Kopiert.');
    expect(shown()).toMatchObject([
      { message: 'Gespeichert.', title: 'Position gespeichert', color: 'teal', autoClose: 3000 },
      { message: 'Kopiert.', color: 'teal' },
    ]);
    expect(shown()[1]?.autoClose).toBeUndefined();
  });

  it('replaces the notice of its group instead of stacking up, and leaves others alone', () => {
    showSuccessNotice('Anderswo gespeichert.');
    showSuccessNotice('Erstes Ergebnis', { group: 'form-notice', autoClose: 40_000 });
    showSuccessNotice('Zweites Ergebnis', { group: 'form-notice', autoClose: 40_000 });
    expect(shown().map((notice) => notice.message)).toEqual(['Anderswo gespeichert.', 'Zweites Ergebnis']);
    expect(shown()[1]?.id).toMatch(/^form-notice-/);
  });

  it('reports a change once it succeeded, briefly, and nothing when it failed', async () => {
    expect(await reportSuccess(Promise.reject(new Error('refused')), 'Gelöscht.')).toBe(false);
    expect(shown()).toEqual([]);
    expect(await reportSuccess(Promise.resolve(), 'Gelöscht.')).toBe(true);
    expect(shown()).toMatchObject([{ message: 'Gelöscht.', color: 'teal', autoClose: SAVED_NOTICE_MS }]);
  });
});
