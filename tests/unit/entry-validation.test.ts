import { describe, expect, it } from 'vitest';
import {
  passwordRuleViolations,
  validateAgeConfirmed,
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  validatePasswordRepeat,
  validatePhone,
  validatePrivacyAccepted,
  validateTermsAccepted,
} from '../../src/domain/entry-validation';
import {
  isResetPasswordEnabled,
  isResetRequestEnabled,
  normalizeLoginCredentials,
  resetPasswordPayload,
} from '../../src/features/entry/model/entry-forms';
import {
  loginErrorOutcome,
  passwordResetFailureText,
  registrationFailureText,
} from '../../src/features/entry/model/entry-messages';
import {
  EMPTY_REGISTRATION_FORM,
  isRegistrationComplete,
  type RegistrationForm,
  registrationErrors,
  registrationPayload,
} from '../../src/features/entry/model/registration';

// Texts quoted from entry-checkout-backoffice.txt sections 5 and 8, spelling as given.
const EMAIL = 'Bitte geben Sie eine gültige Emailadresse ein.';
const LENGTH = 'Ihr Passwort benötigt mindestens 8 Zeichen.';
const LETTER = 'Ihr Passwort muss mindestens einen Buchstaben enthalten.';
const UPPERCASE = 'Ihr Passwort muss mindestens einen Großbuchstaben enthalten.';
const DIGIT = 'Ihr Passwort muss mindestens eine Zahl enthalten.';
const REPEAT = 'Die Passwörter stimmen nicht überein';
const FIRST_NAME = 'Bitte geben Sie einen Vornamen an.';
const LAST_NAME = 'Bitte geben Sie einen Nachnamen an.';
const PHONE = 'Bitte geben Sie eine gültige Telefonnummer ein.';
const AGE = 'Bitte bestätigen Sie, dass Sie älter als 18 Jahre sind.';
const TERMS = 'Bitte bestätigen Sie die AGB.';
const PRIVACY = 'Bitte bestätigen Sie die Datenschutzrichtlinien.';
const INVALID_CREDENTIALS = 'Bitte überprüfen Sie Ihre Emailadresse und Ihr Passwort.';
const NOT_ACTIVATED =
  'Ihr Nutzerkonto wurde noch nicht aktiviert. Den Aktivierungslink finden Sie in Ihrem Email-Postfach.';
const UNKNOWN_LOGIN_ERROR =
  'Es ist ein Fehler aufgetreten. Bei Fragen, melden Sie sich gerne unter service@weindepot.example.';
const ALREADY_REGISTERED = 'Für diese Emailadresse wurde bereits ein Konto registriert.';
const GENERIC_ERROR = 'Es ist ein Fehler aufgetreten.';
const CHECK_EMAIL = 'Bitte überprüfen Sie die angegebene Email-Adresse.';

const VALID_FORM: RegistrationForm = {
  ...EMPTY_REGISTRATION_FORM,
  email: 'anna.berger@example.com',
  password: 'Bordeaux2015',
  passwordRepeat: 'Bordeaux2015',
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Berger',
  ageConfirmed: true,
  termsAccepted: true,
  privacyAccepted: true,
};

describe('email', () => {
  it.each([
    ['anna.berger@example.com', null],
    ['Anna.Berger@Example.COM', null],
    ['  anna@example.de  ', null],
    ['anna+wein@sub.example.co.uk', null],
    ['', EMAIL],
    ['anna', EMAIL],
    ['anna@', EMAIL],
    ['anna@example', EMAIL],
    ['anna@example.c', EMAIL],
    ['anna berger@example.com', EMAIL],
    ['@example.com', EMAIL],
  ])('%j → %j', (email, expected) => {
    expect(validateEmail(email)).toBe(expected);
  });
});

describe('password rules', () => {
  it.each([
    ['Bordeaux2015', []],
    ['Abcdefg1', []],
    ['Äbcdefg1', []],
    ['Abcdef1', [LENGTH]],
    ['12345678', [LETTER, UPPERCASE]],
    ['abcdefg1', [UPPERCASE]],
    ['Abcdefgh', [DIGIT]],
    ['', [LENGTH, LETTER, UPPERCASE, DIGIT]],
    ['!!!!!!!!', [LETTER, UPPERCASE, DIGIT]],
  ])('%j breaks %j', (password, expected) => {
    expect(passwordRuleViolations(password)).toEqual(expected);
    expect(validatePassword(password)).toBe(expected[0] ?? null);
  });

  it('does not enforce a special character although the hint names one', () => {
    expect(validatePassword('Bordeaux2015')).toBeNull();
  });
});

describe('password repeat', () => {
  it.each([
    ['Bordeaux2015', 'Bordeaux2015', null],
    ['Bordeaux2015', 'Bordeaux2016', REPEAT],
    ['Bordeaux2015', '', REPEAT],
    ['', '', null],
  ])('%j / %j → %j', (password, repeat, expected) => {
    expect(validatePasswordRepeat(password, repeat)).toBe(expected);
  });
});

describe('names', () => {
  it.each([
    ['Anna', null],
    ['', FIRST_NAME],
    ['   ', FIRST_NAME],
  ])('first name %j → %j', (name, expected) => {
    expect(validateFirstName(name)).toBe(expected);
  });

  it.each([
    ['Berger', null],
    ['', LAST_NAME],
    ['  ', LAST_NAME],
  ])('last name %j → %j', (name, expected) => {
    expect(validateLastName(name)).toBe(expected);
  });
});

describe('phone: optional while empty, otherwise longer than 5 characters', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['12345', PHONE],
    ['123456', null],
    ['+49 89 123456', null],
  ])('%j → %j', (phone, expected) => {
    expect(validatePhone(phone)).toBe(expected);
  });
});

describe('required checkboxes', () => {
  it.each([
    [validateAgeConfirmed, AGE],
    [validateTermsAccepted, TERMS],
    [validatePrivacyAccepted, PRIVACY],
  ])('%o', (validate, message) => {
    expect(validate(false)).toBe(message);
    expect(validate(true)).toBeNull();
  });
});

describe('register button: enabled only when every validation entry is true', () => {
  it('a complete form is valid without company, phone or newsletter', () => {
    expect(isRegistrationComplete(VALID_FORM)).toBe(true);
    expect(Object.values(registrationErrors(VALID_FORM)).every((message) => message === null)).toBe(true);
  });

  it('an empty form names every required field', () => {
    expect(registrationErrors(EMPTY_REGISTRATION_FORM)).toEqual({
      email: EMAIL,
      password: LENGTH,
      passwordRepeat: null,
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      phone: null,
      ageConfirmed: AGE,
      termsAccepted: TERMS,
      privacyAccepted: PRIVACY,
    });
    expect(isRegistrationComplete(EMPTY_REGISTRATION_FORM)).toBe(false);
  });

  it.each<[string, Partial<RegistrationForm>]>([
    ['invalid email', { email: 'anna@example' }],
    ['weak password', { password: 'bordeaux2015', passwordRepeat: 'bordeaux2015' }],
    ['different repeat', { passwordRepeat: 'Bordeaux2016' }],
    ['no first name', { firstName: ' ' }],
    ['no last name', { lastName: '' }],
    ['short phone', { phone: '0891' }],
    ['age not confirmed', { ageConfirmed: false }],
    ['terms not accepted', { termsAccepted: false }],
    ['privacy not accepted', { privacyAccepted: false }],
  ])('disabled with %s', (_, change) => {
    expect(isRegistrationComplete({ ...VALID_FORM, ...change })).toBe(false);
  });

  it.each<[string, Partial<RegistrationForm>]>([
    ['newsletter unticked', { newsletter: false }],
    ['no salutation', { salutation: '' }],
    ['title -', { title: '-' }],
    ['no company', { company: '' }],
    ['a valid phone', { phone: '+49 89 1234567' }],
  ])('enabled with %s', (_, change) => {
    expect(isRegistrationComplete({ ...VALID_FORM, ...change })).toBe(true);
  });
});

describe('registration payload', () => {
  it('sends newsletter and the lwin of the route, title "-" as empty', () => {
    const payload = registrationPayload(
      {
        ...VALID_FORM,
        email: ' Anna.Berger@Example.com ',
        title: '-',
        newsletter: true,
        company: ' Berger AG ',
      },
      '10123452015',
    );
    expect(payload).toEqual({
      email: 'anna.berger@example.com',
      password: 'Bordeaux2015',
      passwordRepeat: 'Bordeaux2015',
      salutation: 'Frau',
      title: undefined,
      firstName: 'Anna',
      lastName: 'Berger',
      company: 'Berger AG',
      phone: undefined,
      newsletter: true,
      lwin: '10123452015',
    });
  });

  it.each(['Dr.', 'Prof. Dr.'])('sends the title %j', (title) => {
    expect(registrationPayload({ ...VALID_FORM, title }).title).toBe(title);
  });

  it('leaves the lwin out without one in the route', () => {
    expect(registrationPayload(VALID_FORM).lwin).toBeUndefined();
    expect(registrationPayload(VALID_FORM).newsletter).toBe(false);
  });
});

describe('reset request button: enabled only with a valid email', () => {
  it.each([
    ['anna@example.com', true],
    ['anna@example', false],
    ['', false],
  ])('%j → %j', (email, expected) => {
    expect(isResetRequestEnabled(email)).toBe(expected);
  });
});

describe('reset password button: password rules, matching repeat and a valid email', () => {
  const valid = { email: 'anna@example.com', newPassword: 'Bordeaux2015', newPasswordRepeat: 'Bordeaux2015' };
  it.each<[string, Partial<typeof valid>, boolean]>([
    ['everything valid', {}, true],
    ['invalid email', { email: 'anna@' }, false],
    ['password without digit', { newPassword: 'Bordeaux', newPasswordRepeat: 'Bordeaux' }, false],
    ['password too short', { newPassword: 'Bdx2015', newPasswordRepeat: 'Bdx2015' }, false],
    ['repeat differs', { newPasswordRepeat: 'Bordeaux2016' }, false],
  ])('%s → %j', (_, change, expected) => {
    expect(isResetPasswordEnabled({ ...valid, ...change })).toBe(expected);
  });

  it('lower-cases the email when sent', () => {
    expect(resetPasswordPayload({ ...valid, email: ' Anna@Example.COM ' }, 'token-1')).toEqual({
      email: 'anna@example.com',
      newPassword: 'Bordeaux2015',
      postedToken: 'token-1',
    });
  });
});

describe('login normalisation', () => {
  it.each([
    [' Anna.Berger@Example.COM ', '  Bordeaux2015 ', 'anna.berger@example.com', 'Bordeaux2015'],
    ['anna@example.com', 'Pass Wort1', 'anna@example.com', 'Pass Wort1'],
  ])('%j / %j', (email, password, expectedEmail, expectedPassword) => {
    expect(normalizeLoginCredentials({ email, password })).toEqual({
      email: expectedEmail,
      password: expectedPassword,
    });
  });
});

describe('login error mapping by the first GraphQL error message', () => {
  it.each([
    [{ message: 'Please enter valid credentials' }, INVALID_CREDENTIALS, false],
    [{ message: 'Bitte aktivieren Sie zuerst Ihr Nutzerkonto.' }, NOT_ACTIVATED, true],
    [{ message: 'Internal server error' }, UNKNOWN_LOGIN_ERROR, false],
    [null, UNKNOWN_LOGIN_ERROR, false],
    [
      { message: 'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten.', code: 'RATE_LIMITED' },
      'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten.',
      false,
    ],
    [
      {
        message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
        code: 'SERVICE_UNAVAILABLE',
      },
      'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
      false,
    ],
  ])('%j → %j (reset form: %j)', (error, text, resetForm) => {
    expect(loginErrorOutcome(error)).toEqual({ text, resetForm });
  });

  it('names the configured support address', () => {
    expect(loginErrorOutcome(null, 'hilfe@example.org').text).toBe(
      'Es ist ein Fehler aufgetreten. Bei Fragen, melden Sie sich gerne unter hilfe@example.org.',
    );
  });
});

describe('registration error mapping', () => {
  it.each([
    [[{ message: 'E-Mail bereits vergeben', code: 'EMAIL_ALREADY_REGISTERED' }], ALREADY_REGISTERED],
    [[{ message: 'Email already registered.' }], ALREADY_REGISTERED],
    [null, GENERIC_ERROR],
    [[], GENERIC_ERROR],
    [[{ message: 'Bitte geben Sie einen Vornamen an.', code: 'INVALID' }], FIRST_NAME],
  ])('%j → %j', (errors, expected) => {
    expect(registrationFailureText(errors)).toBe(expected);
  });
});

describe('password reset failures', () => {
  it.each([
    [null, CHECK_EMAIL],
    [[{ message: 'Unbekannt', code: 'INVALID' }], CHECK_EMAIL],
    [[{ message: 'Bitte warten Sie einen Moment.', code: 'RATE_LIMITED' }], 'Bitte warten Sie einen Moment.'],
    [
      [
        {
          message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
          code: 'SERVICE_UNAVAILABLE',
        },
      ],
      'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
    ],
  ])('%j → %j', (errors, expected) => {
    expect(passwordResetFailureText(errors)).toBe(expected);
  });
});
