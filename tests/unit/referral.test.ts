import { describe, expect, it } from 'vitest';
import { canGenerateReferral, DEFAULT_FORM_OF_ADDRESS, referralMessage } from '../../src/domain/referral';
import { referralErrors } from '../../src/domain/referral-validation';

const person = { firstName: 'Max', lastName: 'Huber' };

describe('referral form', () => {
  it('defaults to Du', () => {
    expect(DEFAULT_FORM_OF_ADDRESS).toBe('Du');
  });
  it.each([
    ['', '', false],
    ['Max', '', false],
    ['', 'Huber', false],
    ['  ', 'Huber', false],
    ['Max', 'Huber', true],
  ])('generate button with %j %j enabled: %s', (firstName, lastName, enabled) => {
    expect(canGenerateReferral({ firstName, lastName })).toBe(enabled);
  });
  it('validates salutation and form of address', () => {
    expect(
      referralErrors({ salutation: 'Divers', formOfAddress: 'Ihr', firstName: '', lastName: '' }),
    ).toEqual({
      salutation: 'Bitte wählen Sie eine Anrede.',
      formOfAddress: 'Bitte wählen Sie zwischen Du und Sie.',
      firstName: 'Bitte geben Sie einen Vornamen an.',
      lastName: 'Bitte geben Sie einen Nachnamen an.',
    });
    expect(referralErrors({ salutation: 'Frau', formOfAddress: 'Sie', ...person })).toEqual({});
  });
});

describe('referral message in all four variants', () => {
  it.each([
    ['Herr', 'Du', 'Lieber Max,', 'für dich', 'berät dich', 'Viele Grüße\nAnna Berger'],
    ['Frau', 'Du', 'Liebe Max,', 'für dich', 'berät dich', 'Viele Grüße\nAnna Berger'],
    [
      'Herr',
      'Sie',
      'Sehr geehrter Herr Huber,',
      'für Sie',
      'berät Sie',
      'Mit freundlichen Grüßen\nAnna Berger',
    ],
    [
      'Frau',
      'Sie',
      'Sehr geehrte Frau Huber,',
      'für Sie',
      'berät Sie',
      'Mit freundlichen Grüßen\nAnna Berger',
    ],
  ] as const)('%s + %s', (salutation, formOfAddress, greeting, forYou, advisesYou, closing) => {
    const message = referralMessage({ salutation, formOfAddress, ...person }, ' Anna Berger ');
    expect(message.startsWith(`${greeting}\n\n`)).toBe(true);
    expect(message).toContain(forYou);
    expect(message).toContain(advisesYou);
    expect(message.endsWith(closing)).toBe(true);
    // No pronoun of the other form of address slips in.
    if (formOfAddress === 'Du') expect(message).not.toMatch(/\b(Sie|Ihnen|Ihr)\b/);
    else expect(message).not.toMatch(/\b(du|dich|dir|dein)\b/i);
  });
});
