/**
 * Rules of the contact and callback form (spec entry-checkout-backoffice sections 2.5, 4, 5, 7),
 * shared by the modal and `sendContactRequest` on the server.
 */

import { formatDateTime } from './dates';
import { SALUTATIONS } from './entry-constants';
import { validatePhone } from './entry-validation';
import { contactRequestSchema, limitErrors } from './input-limits';

export { CONTACT_TEXTS, onRequestMessage } from './contact-texts';

/** The thank-you text closes the modal after 2.5 seconds. */
export const CONTACT_THANKS_CLOSE_MS = 2500;

export const CONTACT_MESSAGES = {
  message: 'Bitte geben Sie eine Nachricht ein.',
  salutation: 'Bitte wählen Sie eine Anrede.',
  firstName: 'Bitte geben Sie einen Vornamen an.',
  lastName: 'Bitte geben Sie einen Nachnamen an.',
  privacy: 'Bitte bestätigen Sie die Datenschutzrichtlinien.',
  phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
  callbackAtPast: 'Bitte wählen Sie einen Zeitpunkt in der Zukunft.',
  noSender: 'Bitte melden Sie sich an, um uns zu schreiben.',
  unknownProposal: 'Dieses Angebot ist abgelaufen.',
} as const;

export interface ContactFormValues {
  message: string;
  salutation: string;
  firstName: string;
  lastName: string;
  privacyAccepted: boolean;
  callback: boolean;
  phone: string;
  /** The chosen callback time, or null. */
  callbackAt: Date | null;
}

/** A moment is selectable when it is not in the past (minute precision, as the picker shows). */
export function isCallbackTimeAllowed(moment: Date, now: Date): boolean {
  return Math.floor(moment.getTime() / 60_000) >= Math.floor(now.getTime() / 60_000);
}

/** Every rule the values break (empty when they may be sent). */
export function contactFormErrors(values: ContactFormValues, now: Date): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!values.message.trim()) errors.message = CONTACT_MESSAGES.message;
  if (!(SALUTATIONS as readonly string[]).includes(values.salutation))
    errors.salutation = CONTACT_MESSAGES.salutation;
  if (!values.firstName.trim()) errors.firstName = CONTACT_MESSAGES.firstName;
  if (!values.lastName.trim()) errors.lastName = CONTACT_MESSAGES.lastName;
  if (!values.privacyAccepted) errors.privacyAccepted = CONTACT_MESSAGES.privacy;
  if (values.callback) {
    if (!values.phone.trim() || validatePhone(values.phone)) errors.phone = CONTACT_MESSAGES.phone;
    if (values.callbackAt && !isCallbackTimeAllowed(values.callbackAt, now)) {
      errors.callbackAt = CONTACT_MESSAGES.callbackAtPast;
    }
  }
  return { ...limitErrors(contactRequestSchema, { ...values }), ...errors };
}

/** The send button is enabled once message, salutation, names, consent (and with callback, phone) are filled. */
export function canSendContactForm(values: ContactFormValues, now: Date): boolean {
  return Object.keys(contactFormErrors(values, now)).length === 0;
}

/** "21.11.2026, 14:30" in German time, as the adviser reads it. */
export function formatCallbackTime(moment: Date): string {
  return `${formatDateTime(moment)} Uhr`;
}

/** The message as delivered: with a callback the request with phone and time is appended. */
export function contactMessageWithCallback(
  values: Pick<ContactFormValues, 'message' | 'callback' | 'phone' | 'callbackAt'>,
): string {
  const message = values.message.trim();
  if (!values.callback) return message;
  const when = values.callbackAt ? ` am ${formatCallbackTime(values.callbackAt)}` : '';
  return `${message}\n\nRückrufbitte: Bitte rufen Sie mich unter ${values.phone.trim()}${when} zurück.`;
}
