/** How long a logout waits for the server to forget this device's push subscription. */
const FORGET_TIMEOUT_MS = 3000;

/** This device's push subscription of the portal, if any. */
async function devicePushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  // getRegistration(), not `ready`: without a registered worker `ready` never settles.
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/**
 * Asks the server, while the session token is still valid, to delete this device's subscription
 * (`removePushSubscription`), so it stops queueing messages for it. Offline, or when the server
 * does not answer in time, the logout goes on: the push service then answers the server's next
 * message with 404/410 and the server deletes the subscription itself.
 */
export async function forgetDevicePushOnServer(
  forget: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const subscription = await devicePushSubscription();
  if (!subscription) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FORGET_TIMEOUT_MS);
  });
  try {
    await Promise.race([forget(subscription.endpoint), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ends this device's push subscription when a session ends (logout, expired session), so that the
 * next person signing in here never sees the previous user's notifications.
 */
export async function unsubscribeDevicePush(): Promise<void> {
  await (await devicePushSubscription())?.unsubscribe();
}
