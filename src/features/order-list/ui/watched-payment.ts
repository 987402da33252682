/**
 * The invoice whose payment the client started on this device, kept in local storage so that the
 * thank-you dialog also appears when the client comes back after paying in the provider's tab
 * (closed the portal, reloaded it, or paid on the hosted page long after).
 */
const KEY = 'weindepot:watched-payment';

export function readWatchedPayment(storage: Pick<Storage, 'getItem'>): number | null {
  const stored = Number(storage.getItem(KEY));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
}

export function writeWatchedPayment(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  invoiceId: number | null,
) {
  if (invoiceId === null) storage.removeItem(KEY);
  else storage.setItem(KEY, String(invoiceId));
}
