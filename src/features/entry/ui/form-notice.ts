import { notifications } from '@mantine/notifications';
import { hideNoticeGroup, type NoticeOptions, noticeData } from '../../../components/feedback/success-notice';
import { FORM_NOTICE_AUTO_CLOSE_MS } from '../../../domain/entry-constants';

/**
 * How an entry form's result is shown (`showSuccessNotice(message, FORM_NOTICE)`): one at a time,
 * a new result replaces the previous one, and longer than ordinary notifications (spec: 40 s).
 */
export const FORM_NOTICE = {
  group: 'form-notice',
  autoClose: FORM_NOTICE_AUTO_CLOSE_MS,
  withBorder: true,
} as const satisfies NoticeOptions;

export function hideFormNotice(): void {
  hideNoticeGroup(FORM_NOTICE.group);
}

/** An entry form's failure, in place of its previous result. */
export function showFormError(message: string): void {
  notifications.show({ ...noticeData(FORM_NOTICE), message, color: 'red' });
}
