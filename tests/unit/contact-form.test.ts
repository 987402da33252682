import { describe, expect, it } from 'vitest';
import {
  CONTACT_THANKS_CLOSE_MS,
  type ContactFormValues,
  canSendContactForm,
  contactFormErrors,
  contactMessageWithCallback,
  isCallbackTimeAllowed,
} from '../../src/domain/contact-form';

const now = new Date('2026-11-21T09:00:30Z');
const filled: ContactFormValues = {
  message: 'Ich möchte beraten werden.',
  salutation: 'Frau',
  firstName: 'Anna',
  lastName: 'Berger',
  privacyAccepted: true,
  callback: false,
  phone: '',
  callbackAt: null,
};

describe('contact form send button', () => {
  it('is enabled once message, salutation, names and consent are filled', () => {
    expect(canSendContactForm(filled, now)).toBe(true);
  });
  it.each([
    ['message', { message: '  ' }],
    ['salutation', { salutation: '' }],
    ['salutation', { salutation: 'Divers' }],
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: ' ' }],
    ['privacyAccepted', { privacyAccepted: false }],
  ] as const)('is disabled without %s', (field, change) => {
    const values = { ...filled, ...change };
    expect(canSendContactForm(values, now)).toBe(false);
    expect(Object.keys(contactFormErrors(values, now))).toEqual([field]);
  });
  it('needs a phone (longer than 5 characters) with the callback box ticked', () => {
    expect(canSendContactForm({ ...filled, callback: true }, now)).toBe(false);
    expect(canSendContactForm({ ...filled, callback: true, phone: '12345' }, now)).toBe(false);
    expect(canSendContactForm({ ...filled, callback: true, phone: '030 123456' }, now)).toBe(true);
  });
  it('ignores the phone without callback', () => {
    expect(canSendContactForm({ ...filled, phone: '1' }, now)).toBe(true);
  });
  it('refuses a callback time in the past', () => {
    const values = { ...filled, callback: true, phone: '030 123456' };
    expect(canSendContactForm({ ...values, callbackAt: new Date('2026-11-21T08:59:00Z') }, now)).toBe(false);
    expect(canSendContactForm({ ...values, callbackAt: new Date('2026-11-21T09:00:00Z') }, now)).toBe(true);
  });
  it('closes the thank-you text after 2.5 seconds', () => {
    expect(CONTACT_THANKS_CLOSE_MS).toBe(2500);
  });
});

describe('callback time picker', () => {
  it.each([
    ['one minute ago', '2026-11-21T08:59:59Z', false],
    ['yesterday', '2026-11-20T12:00:00Z', false],
    ['the current minute', '2026-11-21T09:00:00Z', true],
    ['in an hour', '2026-11-21T10:00:00Z', true],
    ['tomorrow', '2026-11-22T07:00:00Z', true],
  ])('%s is %s', (_label, moment, allowed) => {
    expect(isCallbackTimeAllowed(new Date(moment), now)).toBe(allowed);
  });
});

describe('message with callback', () => {
  it('is the message alone without callback', () => {
    expect(contactMessageWithCallback({ ...filled, message: ' Hallo ' })).toBe('Hallo');
  });
  it('appends the callback request with phone and German 24-hour time', () => {
    expect(
      contactMessageWithCallback({
        message: 'Hallo',
        callback: true,
        phone: ' 030 123456 ',
        callbackAt: new Date('2026-11-21T17:30:00Z'),
      }),
    ).toBe('Hallo\n\nRückrufbitte: Bitte rufen Sie mich unter 030 123456 am 21.11.2026, 18:30 Uhr zurück.');
    expect(
      contactMessageWithCallback({ message: 'Hallo', callback: true, phone: '030 123456', callbackAt: null }),
    ).toBe('Hallo\n\nRückrufbitte: Bitte rufen Sie mich unter 030 123456 zurück.');
  });
});
