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
