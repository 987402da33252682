import { notifications, notificationsStore } from '@mantine/notifications';
import { FORM_NOTICE_AUTO_CLOSE_MS } from '../../../domain/entry-constants';

export type FormNoticeKind = 'success' | 'error';

const FORM_NOTICE_PREFIX = 'form-notice-';

/** One form notice at a time: a new result replaces the previous one instead of stacking up. */
export function hideFormNotice(): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const notice of [...shown, ...queue]) {
    if (notice.id?.startsWith(FORM_NOTICE_PREFIX)) notifications.hide(notice.id);
  }
}

/** A form's result message; form notices stay longer than ordinary notifications (spec: 40 s). */
export function showFormNotice(kind: FormNoticeKind, message: string): void {
  hideFormNotice();
  notifications.show({
    // A fresh id, so the new notice gets its own 40-second timer.
    id: `${FORM_NOTICE_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`,
    message,
    color: kind === 'success' ? 'teal' : 'red',
    autoClose: FORM_NOTICE_AUTO_CLOSE_MS,
    withBorder: true,
  });
}
