import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../src/domain/push';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { pushSubscriptions, soldOutRequests, users, vintages } from '../db/schema';
import type { DeliveryOutcome, OutboxRow } from '../jobs/outbox-dispatcher';
import { outboxIdempotencyKey } from '../jobs/outbox-handlers';
import { type MutationResult, ok, refused } from './errors';
import { enqueueMail } from './mail';
import { letterGreeting } from './mail-templates';
import { enqueueOutbox } from './outbox';
import {
  endpointRefusal,
  type PushEndpointPolicy,
  PushEndpointRefused,
  postToEndpoint,
} from './push-endpoint';

/** What the service worker shows: title, text, the route a click opens and a replacing tag. */
export type PushNotification = PushPayload;

type Writer = Pick<Database, 'insert' | 'select'>;

export const pushMessages = {
  invalidSubscription: 'Die Push-Anmeldung des Browsers ist unvollständig. Bitte versuchen Sie es erneut.',
  endpointRefused:
    'Der Push-Dienst dieses Browsers wird nicht unterstützt. Bitte verwenden Sie einen aktuellen Browser mit seinem üblichen Push-Dienst.',
};

/**
 * Browsers a client gets notifications on. Each event is one delivery per subscription, so without
 * a bound one account could make the server send hundreds of pushes per event; ten covers every
 * phone, tablet and computer a person uses, and the oldest gives way to a new one.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_CLIENT = 10;

export async function registerPushSubscription(
  db: Database,
  userId: number,
  input: { endpoint: string; p256dh: string; auth: string },
  policy: PushEndpointPolicy,
): Promise<MutationResult> {
  const endpoint = input.endpoint.trim();
  // Push services' endpoints are a few hundred bytes; a longer one is no subscription (and would not fit the index).
  if (Buffer.byteLength(endpoint) > 1024)
    return refused('INVALID', pushMessages.invalidSubscription, 'endpoint');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refused('INVALID', pushMessages.invalidSubscription, 'endpoint');
  }
  const keyPattern = /^[A-Za-z0-9_-]+={0,2}$/;
  if (
    !['https:', 'http:'].includes(url.protocol) ||
    !keyPattern.test(input.p256dh) ||
    !keyPattern.test(input.auth)
  ) {
    return refused('INVALID', pushMessages.invalidSubscription);
  }
  // Only public https push services (SSRF guard, see push-endpoint.ts).
  if (await endpointRefusal(url, policy)) return refused('INVALID', pushMessages.endpointRefused, 'endpoint');
  await db.transaction(async (tx) => {
    // Registrations of one client one after the other, so two at once cannot both keep an 11th.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // One endpoint belongs to one browser profile: the latest signed-in user owns it, and a
    // browser that registers again counts as registered now.
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: input.p256dh, auth: input.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.p256dh, auth: input.auth, createdAt: sql`now()` },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_CLIENT);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
  return ok();
}

export async function removePushSubscription(
  db: Database,
  userId: number,
  endpoint: string,
): Promise<MutationResult> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint.trim())));
  return ok();
}

/**
 * Queues the notification for every subscription of the user: one outbox row per subscription,
 * so a retry after a failure never repeats a notification another device already got.
 */
export async function enqueuePushToUser(
  tx: Writer,
  userId: number,
  notification: PushNotification,
): Promise<void> {
  const subscriptions = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  for (const subscription of subscriptions) {
    await enqueueOutbox(tx, 'push', { subscriptionId: subscription.id, notification: { ...notification } });
  }
}

export const pushTexts = {
  checkDone: {
    title: 'Ihre Bestellung wurde geprüft – jetzt bezahlen',
    body: 'Die Verfügbarkeit Ihrer Weine ist bestätigt. Sie können Ihre Rechnung jetzt bezahlen.',
    url: '/admin/orderlist',
    tag: 'orderlist',
  },
  soldOutReturn: (wine: string, lwin11: string): PushNotification => ({
    title: `${wine} ist wieder verfügbar`,
    body: 'Sie wollten als Erste/r informiert werden: Der Wein ist wieder im Angebot.',
    url: `/admin/angebot/${lwin11}`,
    tag: `angebot-${lwin11}`,
  }),
} satisfies Record<string, PushNotification | ((...args: string[]) => PushNotification)>;

/**
 * Tells every client who asked to be informed about a sold-out vintage that it is available again,
 * by push and by mail, exactly once per request (the request is marked notified in the same
 * transaction). Call it in the transaction that makes stock available again.
 */
export async function notifySoldOutReturn(tx: Database, vintageId: number): Promise<number> {
  const [vintage] = await tx
    .select({ title: vintages.title, year: vintages.year, lwin11: vintages.lwin11 })
    .from(vintages)
    .where(eq(vintages.id, vintageId));
  if (!vintage) return 0;
  const waiting = await tx
    .select({ requestId: soldOutRequests.id, user: users })
    .from(soldOutRequests)
    .innerJoin(users, eq(users.id, soldOutRequests.userId))
    .where(and(eq(soldOutRequests.vintageId, vintageId), isNull(soldOutRequests.notifiedAt)))
    .for('update', { of: soldOutRequests, skipLocked: true });
  if (waiting.length === 0) return 0;
  const wine = `${vintage.title} ${vintage.year}`;
  for (const { user } of waiting) {
    await enqueuePushToUser(tx, user.id, pushTexts.soldOutReturn(wine, vintage.lwin11));
    await enqueueMail(tx, {
      to: user.email,
      subject: `${wine} ist wieder verfügbar`,
      text: [
        letterGreeting(user),
        `Sie hatten uns gebeten, Sie zu informieren, sobald ${wine} wieder verfügbar ist. Das ist jetzt der Fall – die Mengen sind wie immer stark limitiert.`,
        `Zum Angebot: /admin/angebot/${vintage.lwin11}`,
      ].join('\n\n'),
    });
  }
  await tx
    .update(soldOutRequests)
    .set({ notifiedAt: new Date() })
    .where(
      inArray(
        soldOutRequests.id,
        waiting.map((row) => row.requestId),
      ),
    );
  return waiting.length;
}

function isPushPayload(
  payload: Record<string, unknown>,
): payload is { subscriptionId: number; notification: PushNotification } {
  const notification = payload.notification as Partial<PushNotification> | undefined;
  return typeof payload.subscriptionId === 'number' && typeof notification?.title === 'string';
}

/**
 * A redelivered row carries the same key: `Idempotency-Key` like the webhooks, and `Topic`
 * (RFC 8030 §5.4: a push service replaces an undelivered message of the same topic, so the device
 * gets one) — at most 32 characters of the URL-safe alphabet, hence a digest of the key.
 */
export function pushIdempotencyHeaders(row: Pick<OutboxRow, 'id' | 'createdAt'>): Record<string, string> {
  const key = outboxIdempotencyKey(row);
  return { 'idempotency-key': key, topic: createHash('sha256').update(key).digest('base64url').slice(0, 32) };
}

/**
 * The outbox handler of kind `push`: encrypts the notification for the subscription (RFC 8291,
 * aes128gcm, VAPID-signed by web-push) and posts it to the push service. A subscription the push
 * service no longer knows (404/410) is deleted; other failures are retried by the dispatcher.
 */
export function createPushSender(db: Database, vapid: ServerConfig['vapid'], policy: PushEndpointPolicy) {
  return async (
    payload: Record<string, unknown>,
    row?: Pick<OutboxRow, 'id' | 'createdAt'>,
    signal?: AbortSignal,
  ): Promise<DeliveryOutcome> => {
    if (!isPushPayload(payload)) throw new Error('Ungültige Push-Nachricht im Postausgang');
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, payload.subscriptionId));
    if (!subscription) return 'skipped';
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload.notification),
      { vapidDetails: vapid, TTL: 24 * 3600, contentEncoding: 'aes128gcm' },
    );
    let response: { status: number };
    try {
      // Checked again now (the host may resolve elsewhere than at registration); no redirects.
      response = await postToEndpoint(
        request.endpoint,
        {
          method: request.method,
          headers: {
            ...(request.headers as Record<string, string>),
            ...(row ? pushIdempotencyHeaders(row) : {}),
          },
          body: new Uint8Array(request.body),
        },
        policy,
        undefined,
        signal,
      );
    } catch (error) {
      if (!(error instanceof PushEndpointRefused)) throw error;
      // An endpoint that now points at a non-public address is no push service: forget it.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return 'skipped';
    }
    if (response.status === 404 || response.status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return 'skipped';
    }
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`Push-Dienst antwortete mit HTTP ${response.status}`);
    }
    return 'done';
  };
}
