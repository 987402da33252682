import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';

/** How long a saved change of the back office is shown. */
export const SAVED_NOTICE_MS = 4000;

export interface NoticeOptions {
  /** Heading above the message; none by default. */
  title?: string;
  /** Milliseconds until it closes @default the container's (7 s) */
  autoClose?: number;
  /** Where it shows @default the container's (top right) */
  position?: NotificationData['position'];
  /** With a border (the entry forms' notices) @default false */
  withBorder?: boolean;
  /**
   * Notices of one group replace each other instead of stacking up (a form's latest result), each
   * with a timer of its own; none by default.
   */
  group?: string;
}

/** Closes every notice of `group` that is shown or waiting. */
export function hideNoticeGroup(group: string): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const notice of [...shown, ...queue]) {
    if (notice.id?.startsWith(`${group}-`)) notifications.hide(notice.id);
  }
}

/**
 * What a notice with `options` is shown with; for the few notices that are not a success but
 * share a group with one (an entry form's failure).
 */
export function noticeData({ group, ...shown }: NoticeOptions): Omit<NotificationData, 'message'> {
  if (!group) return shown;
  hideNoticeGroup(group);
  // A fresh id, so the new notice gets its own timer.
  return { ...shown, id: `${group}-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}` };
}

/** The one way a success is told: a teal notice with `message`. */
export function showSuccessNotice(message: string, options: NoticeOptions = {}): void {
  notifications.show({ ...noticeData(options), message, color: 'teal' });
}

/**
 * Awaits a change and shows `message` once it succeeded; answers whether it did. A refusal or a
 * failed request is notified by the query client ("Nicht gespeichert" with the server's reasons).
 */
export async function reportSuccess(
  change: Promise<unknown>,
  message: string,
  options: NoticeOptions = { autoClose: SAVED_NOTICE_MS },
): Promise<boolean> {
  try {
    await change;
  } catch {
    return false;
  }
  showSuccessNotice(message, options);
  return true;
}
