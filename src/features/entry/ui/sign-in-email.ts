/**
 * The e-mail field of the forms that sign in (login, new password): typed as an address and
 * offered to password managers as the account's user name.
 */
export const SIGN_IN_EMAIL_PROPS = {
  label: 'E-Mail',
  type: 'email',
  autoComplete: 'username',
  inputMode: 'email',
} as const;
