/**
 * The check of an account change, apart from the texts and rules of `account-form.ts`: it needs
 * the zod limits (`input-limits.ts`), which the admin frame (it shows the account texts) should not
 * load before the dialog opens.
 */
import { ACCOUNT_MESSAGES, type AccountTextField, isAccountCountry } from './account-form';
import { validateEmail, validatePhone } from './entry-validation';
import { accountChangeSchema, limitErrors } from './input-limits';
import { validateVatId } from './vat-id';

/**
 * Checks the given fields of an account change; a field that is `undefined` is not changed and
 * not checked. Used by the dialog (all shown fields) and by `changeUser` on the server.
 */
export function validateAccountChange(
  change: Partial<Record<AccountTextField, string | null>>,
  options: { phoneRequired: boolean },
): Partial<Record<AccountTextField, string>> {
  const errors: Partial<Record<AccountTextField, string>> = {};
  const given = (field: AccountTextField) => change[field] !== undefined;
  const blank = (field: AccountTextField) => !change[field]?.trim();
  for (const field of ['firstName', 'lastName', 'streetAndNumber', 'postalCode', 'city'] as const) {
    if (given(field) && blank(field)) errors[field] = ACCOUNT_MESSAGES[field];
  }
  if (given('email')) {
    if (validateEmail(change.email ?? '')) errors.email = ACCOUNT_MESSAGES.email;
  }
  if (given('phone')) {
    if (blank('phone')) {
      if (options.phoneRequired) errors.phone = ACCOUNT_MESSAGES.phoneRequired;
    } else if (validatePhone(change.phone ?? '')) {
      errors.phone = ACCOUNT_MESSAGES.phoneInvalid;
    }
  }
  if (given('vatId') && validateVatId(change.vatId ?? '')) errors.vatId = ACCOUNT_MESSAGES.vatId;
  if (given('country') && !isAccountCountry((change.country ?? '').trim())) {
    errors.country = ACCOUNT_MESSAGES.country;
  }
  return { ...(limitErrors(accountChangeSchema, change) as typeof errors), ...errors };
}
