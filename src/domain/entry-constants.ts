/** Business constants of the entry screen (specification entry-checkout-backoffice, section 9). */

export const PASSWORD_MIN_LENGTH = 8;
/** A phone number must be longer than this many characters. */
export const PHONE_MIN_LENGTH_EXCLUSIVE = 5;
export const VALIDATION_DEBOUNCE_MS = 2000;
export const ACTIVATION_REDIRECT_MS = 2000;
export const NOTIFICATION_AUTO_CLOSE_MS = 7000;
export const FORM_NOTICE_AUTO_CLOSE_MS = 40_000;
export const MINIMUM_AGE = 18;
export const DEFAULT_COUNTRY = 'DE';
export const SALUTATIONS = ['Herr', 'Frau'] as const;
/** '-' stands for "no title" and is sent as an empty (omitted) title. */
export const NO_TITLE = '-';
export const TITLES = [NO_TITLE, 'Dr.', 'Prof. Dr.'] as const;
