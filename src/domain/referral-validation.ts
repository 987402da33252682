/**
 * The check of the referral form, apart from the texts of `referral.ts`: it needs the zod limits
 * (`input-limits.ts`), which the admin frame (it shows the referral texts) should not load early.
 */

import { limitErrors, referralSchema } from './input-limits';
import { FORMS_OF_ADDRESS, REFERRAL_MESSAGES, REFERRAL_SALUTATIONS, type ReferralInput } from './referral';

export function referralErrors(input: ReferralInput): Partial<Record<keyof ReferralInput, string>> {
  const errors: Partial<Record<keyof ReferralInput, string>> = {};
  if (!(REFERRAL_SALUTATIONS as readonly string[]).includes(input.salutation)) {
    errors.salutation = REFERRAL_MESSAGES.salutation;
  }
  if (!(FORMS_OF_ADDRESS as readonly string[]).includes(input.formOfAddress)) {
    errors.formOfAddress = REFERRAL_MESSAGES.formOfAddress;
  }
  if (!input.firstName.trim()) errors.firstName = REFERRAL_MESSAGES.firstName;
  if (!input.lastName.trim()) errors.lastName = REFERRAL_MESSAGES.lastName;
  return { ...(limitErrors(referralSchema, { ...input }) as typeof errors), ...errors };
}
