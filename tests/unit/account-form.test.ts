import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_COUNTRIES,
  ACCOUNT_DEFAULT_COUNTRY,
  isAccountComplete,
  isAddressOnlySaveDisabled,
  isPhoneRequired,
  missingAccountFields,
} from '../../src/domain/account-form';
import { validateAccountChange } from '../../src/domain/account-validation';

const complete = {
  firstName: 'Anna',
  lastName: 'Berger',
  phone: '+49 89 12345678',
  city: 'München',
  postalCode: '80539',
  streetAndNumber: 'Maximilianstraße 12',
};

describe('countries', () => {
  it('offers the spec list in order, default DE', () => {
    expect(ACCOUNT_COUNTRIES.map((country) => country.code)).toEqual([
      'DE',
      'AT',
      'CH',
      'CZ',
      'GB',
      'NL',
      'BE',
      'LU',
      'FR',
      'IT',
      'ES',
      'US',
      'NO',
      'SE',
      'FI',
      'PL',
      'AE',
    ]);
    expect(ACCOUNT_DEFAULT_COUNTRY).toBe('DE');
  });
});

describe('account nudge', () => {
  it('is complete only with all six fields', () => {
    expect(isAccountComplete(complete)).toBe(true);
  });
  it.each([['firstName'], ['lastName'], ['phone'], ['city'], ['postalCode'], ['streetAndNumber']] as const)(
    'opens when %s is missing (null or blank)',
    (field) => {
      expect(isAccountComplete({ ...complete, [field]: null })).toBe(false);
      expect(isAccountComplete({ ...complete, [field]: '  ' })).toBe(false);
      expect(missingAccountFields({ ...complete, [field]: '' })).toEqual([field]);
    },
  );
  it('ignores company, supplement and country', () => {
    expect(isAccountComplete({ ...complete })).toBe(true);
  });
});

describe('adress-only save rule', () => {
  const values = {
    firstName: 'Anna',
    lastName: 'Berger',
    streetAndNumber: '',
    phone: '',
    postalCode: '',
    city: '',
    country: 'DE',
  };
  it('does not block on untouched empty fields', () => {
    expect(isAddressOnlySaveDisabled(values, new Set())).toBe(false);
  });
  it.each(['firstName', 'lastName', 'streetAndNumber', 'phone', 'postalCode', 'city', 'country'] as const)(
    'blocks when edited %s is an empty string',
    (field) => {
      expect(isAddressOnlySaveDisabled({ ...values, [field]: '' }, new Set([field]))).toBe(true);
    },
  );
  it('does not block on edited non-empty fields or an edited supplement', () => {
    expect(
      isAddressOnlySaveDisabled({ ...values, city: 'Wien' }, new Set(['city', 'addressSupplement'])),
    ).toBe(false);
  });
});

describe('phone requirement', () => {
  it.each([
    [{ phoneStored: true, mode: 'default' as const }, true],
    [{ phoneStored: false, mode: 'default' as const }, false],
    [{ phoneStored: false, mode: 'adress-only' as const }, false],
    [{ phoneStored: false, mode: 'nudging' as const }, true],
  ])('%o → %s', (options, expected) => {
    expect(isPhoneRequired(options)).toBe(expected);
  });
});

describe('validateAccountChange', () => {
  it('checks only the given fields', () => {
    expect(validateAccountChange({}, { phoneRequired: true })).toEqual({});
    expect(validateAccountChange({ company: '' }, { phoneRequired: true })).toEqual({});
  });
  it.each([
    ['firstName', '', 'Bitte geben Sie einen Vornamen an.'],
    ['lastName', ' ', 'Bitte geben Sie einen Nachnamen an.'],
    ['streetAndNumber', '', 'Bitte geben Sie Straße und Hausnummer an.'],
    ['postalCode', '', 'Bitte geben Sie eine Postleitzahl an.'],
    ['city', '', 'Bitte geben Sie eine Stadt an.'],
    ['email', 'anna@', 'Bitte geben Sie eine gültige Emailadresse ein.'],
    ['phone', '12345', 'Bitte geben Sie eine gültige Telefonnummer ein.'],
    ['country', 'XX', 'Bitte wählen Sie ein Land aus der Liste.'],
  ] as const)('%s = %j → %s', (field, value, message) => {
    expect(validateAccountChange({ [field]: value }, { phoneRequired: false })).toEqual({ [field]: message });
  });
  it('requires a phone only when it is required', () => {
    expect(validateAccountChange({ phone: '' }, { phoneRequired: false })).toEqual({});
    expect(validateAccountChange({ phone: '' }, { phoneRequired: true })).toEqual({
      phone: 'Bitte geben Sie eine Telefonnummer an.',
    });
    expect(validateAccountChange({ phone: '123456' }, { phoneRequired: true })).toEqual({});
  });
  it('accepts a complete account', () => {
    expect(
      validateAccountChange(
        { ...complete, email: 'anna@example.com', country: 'CH', company: '', addressSupplement: '' },
        { phoneRequired: true },
      ),
    ).toEqual({});
  });
});
