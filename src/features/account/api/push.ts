import { useMutation } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import { useEffect } from 'react';
import { useApiClient } from '../../../api/client';
import {
  RegisterPushSubscriptionDocument,
  RemovePushSubscriptionDocument,
  VapidPublicKeyDocument,
} from '../../../api/graphql.generated';
import { useUserKey } from '../../../api/session/session-context';
import { base64UrlToBytes, PUSH_SUBSCRIPTION_CHANGED } from '../../../domain/push';

export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Whether this device already receives push notifications of the portal. */
export async function isPushSubscribed(): Promise<boolean> {
  if (!isPushSupported()) return false;
  return (await currentSubscription()) !== null;
}

/** Tells the server this device's subscription (for the signed-in user; repeating it changes nothing). */
async function registerSubscription(client: GraphQLClient, subscription: PushSubscription): Promise<void> {
  const keys = subscription.toJSON().keys ?? {};
  const answer = await client.request(RegisterPushSubscriptionDocument, {
    endpoint: subscription.endpoint,
    p256dh: keys.p256dh ?? '',
    auth: keys.auth ?? '',
  });
  if (!answer.registerPushSubscription.success) {
    throw new Error(answer.registerPushSubscription.errors[0]?.message ?? 'failed');
  }
}

/** Asks for permission, subscribes this device with the server's VAPID key and registers it. */
export function useEnablePush() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new Error('denied');
      const { vapidPublicKey } = await client.request(VapidPublicKeyDocument);
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlToBytes(vapidPublicKey),
        }));
      await registerSubscription(client, subscription);
    },
  });
}

/** Tells the server to forget a subscription of the signed-in user. */
export async function removeServerPushSubscription(client: GraphQLClient, endpoint: string): Promise<void> {
  await client.request(RemovePushSubscriptionDocument, { endpoint });
}

/** Unsubscribes this device and tells the server to forget it. */
export function useDisablePush() {
  const client = useApiClient();
  return useMutation({
    // The screen shows the outcome itself (inline or in its own words).
    meta: { inlineErrors: true },
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await removeServerPushSubscription(client, subscription.endpoint);
      await subscription.unsubscribe();
    },
  });
}

/**
 * Keeps the server's record of this device's subscription current. The push service may renew a
 * subscription (`pushsubscriptionchange` in the service worker, which holds no session token): the
 * worker asks open windows to register it, and at app start the device's subscription is registered
 * again, so a renewal while no window was open reaches the server too.
 */
export function usePushSubscriptionSync(): void {
  const client = useApiClient();
  const userKey = useUserKey();
  useEffect(() => {
    if (!userKey || !isPushSupported()) return undefined;
    const sync = async () => {
      if (Notification.permission !== 'granted' || !navigator.onLine) return;
      // getRegistration(), not `ready`: without a registered worker `ready` never settles.
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) await registerSubscription(client, subscription);
    };
    const onWorkerMessage = (event: MessageEvent) => {
      if (event.data?.type === PUSH_SUBSCRIPTION_CHANGED) void sync().catch(() => undefined);
    };
    void sync().catch(() => undefined);
    navigator.serviceWorker.addEventListener('message', onWorkerMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onWorkerMessage);
  }, [client, userKey]);
}
