import { describe, expect, it } from 'vitest';
import { cardOutcome, portalToken, portalUserId } from '../../server/services/payments/local';
import { signPayload, verifySignature } from '../../server/services/payments/signature';

describe('Signatur des lokalen Zahlungs-Webhooks', () => {
  const body = '{"id":"evt_1","type":"invoice.paid"}';
  const now = new Date('2026-03-01T10:00:00Z');

  it('accepts its own signature over the raw body', () => {
    expect(verifySignature(body, signPayload(body, 'geheim', now), 'geheim', now)).toBe(true);
  });

  it.each([
    ['another secret', signPayload(body, 'anders', now), body, now],
    ['a changed body', signPayload(body, 'geheim', now), body.replace('paid', 'payment_failed'), now],
    ['an old timestamp', signPayload(body, 'geheim', now), body, new Date(now.getTime() + 301_000)],
    ['a missing header', undefined, body, now],
    ['garbage', 't=abc,v1=xyz', body, now],
  ])('rejects %s', (_case, header, rawBody, at) => {
    expect(verifySignature(rawBody, header, 'geheim', at)).toBe(false);
  });
});

describe('Testkarten des lokalen Anbieters', () => {
  it.each([
    ['4242 4242 4242 4242', 'paid'],
    ['4242424242424242', 'paid'],
    ['4000 0000 0000 0002', 'failed'],
    ['1234 5678 9012 3456', 'invalid'],
    ['', 'invalid'],
  ])('%s → %s', (number, outcome) => {
    expect(cardOutcome(number)).toBe(outcome);
  });
});

describe('Kundenportal-Link', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('names its client while valid and nobody after an hour or when altered', () => {
    const token = portalToken(7, 'geheim', now);
    expect(portalUserId(token, 'geheim', now)).toBe(7);
    expect(portalUserId(token, 'geheim', new Date(now.getTime() + 3_601_000))).toBeNull();
    expect(portalUserId(token.replace(/^7\./, '8.'), 'geheim', now)).toBeNull();
    expect(portalUserId(token, 'anders', now)).toBeNull();
  });
});
