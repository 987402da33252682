/**
 * Outgoing automation webhooks (spec client-area section 7, entry-checkout-backoffice section 7):
 * each request is stored, then an outbox row `webhook` with `{ target, body }` is delivered here
 * by the dispatcher. The URL is looked up at delivery time, so a URL configured later still
 * receives rows that waited; without a URL the row is recorded as skipped.
 */
import type { Database } from '../db/client';
import { enqueueOutbox } from './outbox';

export type WebhookTarget = 'contact' | 'referral' | 'soldOut';
export type WebhookUrls = Partial<Record<WebhookTarget, string | undefined>>;

/** The exact JSON bodies of the spec. */
export interface WebhookBodies {
  contact: {
    salutation: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    message: string;
  };
  referral: { empfehlung: string; geberEmail: string };
  soldOut: { email: string; wein: string };
}

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function enqueueWebhook<Target extends WebhookTarget>(
  tx: Pick<Database, 'insert'>,
  target: Target,
  body: WebhookBodies[Target],
): Promise<void> {
  return enqueueOutbox(tx, 'webhook', { target, body });
}

function isWebhookTarget(value: unknown): value is WebhookTarget {
  return value === 'contact' || value === 'referral' || value === 'soldOut';
}

/**
 * POSTs the body as JSON. Resolves 'skipped' without a configured URL; throws (so the dispatcher
 * retries with backoff) on a network error, a timeout or a non-2xx answer. `idempotencyKey` (the
 * outbox row) is sent as `Idempotency-Key`, identical on every redelivery of the same row: a
 * receiver that remembers the keys it has processed handles each request at most once, even when
 * the portal crashed after delivering and before recording the delivery.
 */
export async function deliverWebhook(
  payload: Record<string, unknown>,
  urls: WebhookUrls,
  timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  idempotencyKey?: string,
  /** Aborted when the server stops (the dispatcher releases the row for a later delivery). */
  signal?: AbortSignal,
): Promise<'done' | 'skipped'> {
  const { target, body } = payload;
  if (!isWebhookTarget(target) || typeof body !== 'object' || body === null) {
    throw new Error('Ungültiger Webhook im Postausgang');
  }
  const url = urls[target];
  if (!url) return 'skipped';
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
    signal: signal
      ? AbortSignal.any([AbortSignal.timeout(timeoutMs), signal])
      : AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Webhook ${target}: HTTP ${response.status}`);
  return 'done';
}
