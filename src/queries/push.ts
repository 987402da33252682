import { useMutation } from '@tanstack/react-query';
import { base64UrlToBytes } from '../domain/push';
import { useApiClient } from './client';
import {
  RegisterPushSubscriptionDocument,
  RemovePushSubscriptionDocument,
  VapidPublicKeyDocument,
} from './graphql.generated';

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

/** Asks for permission, subscribes this device with the server's VAPID key and registers it. */
export function useEnablePush() {
  const client = useApiClient();
  return useMutation({
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
      const keys = subscription.toJSON().keys ?? {};
      const answer = await client.request(RegisterPushSubscriptionDocument, {
        endpoint: subscription.endpoint,
        p256dh: keys.p256dh ?? '',
        auth: keys.auth ?? '',
      });
      if (!answer.registerPushSubscription.success) {
        throw new Error(answer.registerPushSubscription.errors[0]?.message ?? 'failed');
      }
    },
  });
}

/** Unsubscribes this device and tells the server to forget it. */
export function useDisablePush() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await client.request(RemovePushSubscriptionDocument, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    },
  });
}
