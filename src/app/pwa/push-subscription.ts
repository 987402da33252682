/**
 * Ends this device's push subscription when a session ends (logout, expired session), so that the
 * next person signing in here never sees the previous user's notifications. The push service then
 * answers the server's next message with 404/410, and the server deletes the subscription.
 */
export async function unsubscribeDevicePush(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // getRegistration(), not `ready`: without a registered worker `ready` never settles.
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
