/** URL-safe base64 (a VAPID public key) → the bytes PushManager.subscribe expects. */
export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const pushOptInTexts = {
  label: 'Push-Benachrichtigungen auf diesem Gerät',
  description:
    'Wir benachrichtigen Sie, sobald Ihre Bestellung geprüft ist oder ein ausverkaufter Wein wieder verfügbar ist.',
  unsupported: 'Dieser Browser unterstützt keine Push-Benachrichtigungen.',
  denied:
    'Benachrichtigungen sind für diese Seite blockiert. Sie können sie in den Browser-Einstellungen erlauben.',
  offline: 'Für Push-Benachrichtigungen wird eine Internetverbindung benötigt.',
  failed: 'Die Benachrichtigungen konnten nicht eingerichtet werden. Bitte versuchen Sie es später erneut.',
};

/** What the service worker shows for a push (built by the server, `server/services/push.ts`). */
export interface PushPayload {
  title: string;
  body: string;
  /** App route a click opens, e.g. `/admin/orderlist`. */
  url: string;
  /** Same tag = a newer notification replaces the older one. */
  tag: string;
}

export const PUSH_DEFAULT_ROUTE = '/admin/start';

/** Message of the service worker to open windows: register the renewed push subscription. */
export const PUSH_SUBSCRIPTION_CHANGED = 'PUSH_SUBSCRIPTION_CHANGED';

/**
 * What the service worker shows for a push that is not a notification of the portal (unreadable,
 * not JSON, no title). Chromium requires every push to show something; this one opens the start page.
 */
export const DEFAULT_PUSH: PushPayload = {
  title: 'Weindepot',
  body: 'Es gibt Neuigkeiten zu Ihrem Weindepot.',
  url: PUSH_DEFAULT_ROUTE,
  tag: 'weindepot',
};

/** Reads a decrypted push message; anything that is not a notification of the portal gives `DEFAULT_PUSH`. */
export function parsePushPayload(text: string | null | undefined): PushPayload {
  if (!text) return DEFAULT_PUSH;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return DEFAULT_PUSH;
  }
  if (typeof data !== 'object' || data === null) return DEFAULT_PUSH;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '') return DEFAULT_PUSH;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' && url !== '' ? url : PUSH_DEFAULT_ROUTE,
    tag: typeof tag === 'string' && tag !== '' ? tag : DEFAULT_PUSH.tag,
  };
}

/**
 * The address a notification click opens: the payload's route on the portal's own origin. A route
 * pointing elsewhere (another origin, `javascript:`) opens the start page instead.
 */
export function notificationTarget(url: unknown, origin: string): string {
  const fallback = new URL(PUSH_DEFAULT_ROUTE, origin).href;
  if (typeof url !== 'string' || url === '') return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === new URL(origin).origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}
