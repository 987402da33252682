import { isMailMessage, type MailTransport } from '../services/mail';
import { deliverWebhook, WEBHOOK_TIMEOUT_MS, type WebhookUrls } from '../services/webhooks';
import type { OutboxHandler, OutboxHandlers, OutboxRow } from './outbox-dispatcher';

/**
 * The idempotency key of a side effect: the outbox row's id plus its creation time (so a reset
 * database that counts ids from 1 again cannot repeat a key). Every redelivery of the row carries
 * the same key: webhooks as `Idempotency-Key`, mails as their `Message-ID`.
 */
export function outboxIdempotencyKey(row: Pick<OutboxRow, 'id' | 'createdAt'>): string {
  return `weindepot-outbox-${row.id}-${row.createdAt.getTime().toString(36)}`;
}

/**
 * The file name of a row's delivery (mails in the development inbox): its id, zero-padded so that
 * names sort in the order the rows were written, and its creation time like the key above.
 */
export function outboxFileStem(row: Pick<OutboxRow, 'id' | 'createdAt'>): string {
  return `${String(row.id).padStart(10, '0')}-${row.createdAt.getTime().toString(36)}`;
}

/** The delivery channel of each outbox kind. */
export function createOutboxHandlers(deps: {
  mail: MailTransport;
  webhooks?: WebhookUrls;
  push?: OutboxHandler;
}): OutboxHandlers {
  return {
    async mail(payload, row) {
      if (!isMailMessage(payload)) throw new Error('Ungültige Mail im Postausgang');
      await deps.mail.send(payload, {
        idempotencyKey: outboxIdempotencyKey(row),
        fileStem: outboxFileStem(row),
      });
      return 'done';
    },
    /** Automation webhooks: POST JSON; skipped without a configured URL, non-2xx retried. */
    webhook: (payload, row, signal) =>
      deliverWebhook(payload, deps.webhooks ?? {}, WEBHOOK_TIMEOUT_MS, outboxIdempotencyKey(row), signal),
    /** Web Push (see `createPushSender`); without a sender configured nothing is sent. */
    push: deps.push ?? (async () => 'skipped'),
  };
}
