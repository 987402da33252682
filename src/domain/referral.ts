/**
 * The referral message generator (spec client-area sections 3, 4, 5): salutation Herr or Frau,
 * Du or Sie (default Du), first and last name required. Shared by the modal and `sendReferral`.
 */

export const FORMS_OF_ADDRESS = ['Du', 'Sie'] as const;
export type FormOfAddress = (typeof FORMS_OF_ADDRESS)[number];
export const DEFAULT_FORM_OF_ADDRESS: FormOfAddress = 'Du';
export const REFERRAL_SALUTATIONS = ['Herr', 'Frau'] as const;
export type ReferralSalutation = (typeof REFERRAL_SALUTATIONS)[number];

export const REFERRAL_TEXTS = {
  title: 'Weindepot weiterempfehlen',
  generate: 'Text erstellen',
  regenerate: 'Aktualisieren',
  copy: 'Text kopieren',
  copied: 'Text kopiert!',
  another: 'Weitere Person empfehlen',
} as const;

export const REFERRAL_MESSAGES = {
  salutation: 'Bitte wählen Sie eine Anrede.',
  formOfAddress: 'Bitte wählen Sie zwischen Du und Sie.',
  firstName: 'Bitte geben Sie einen Vornamen an.',
  lastName: 'Bitte geben Sie einen Nachnamen an.',
} as const;

export interface ReferralInput {
  salutation: string;
  formOfAddress: string;
  firstName: string;
  lastName: string;
}

/** The generate button is disabled until first and last name are filled. */
export function canGenerateReferral(input: Pick<ReferralInput, 'firstName' | 'lastName'>): boolean {
  return Boolean(input.firstName.trim() && input.lastName.trim());
}

/**
 * The message the client sends to the person: greeting and pronouns follow salutation and form
 * of address; the referrer signs with their name.
 */
export function referralMessage(
  input: {
    salutation: ReferralSalutation;
    formOfAddress: FormOfAddress;
    firstName: string;
    lastName: string;
  },
  referrerName: string,
): string {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const signature = referrerName.trim();
  if (input.formOfAddress === 'Du') {
    const greeting = input.salutation === 'Frau' ? `Liebe ${firstName},` : `Lieber ${firstName},`;
    return [
      greeting,
      'ich lege seit einiger Zeit einen Teil meines Geldes in ausgewählte Spitzenweine an und bin mit dem Weindepot sehr zufrieden. Die Weine lagern sicher und voll versichert im Zollfreilager in Genf, und ich kann die Wertentwicklung jederzeit in meinem Depot verfolgen.',
      'Ich glaube, das könnte auch für dich spannend sein. Wenn du magst, schau es dir einmal an – das Team berät dich gern persönlich und unverbindlich.',
      `Viele Grüße\n${signature}`,
    ].join('\n\n');
  }
  const greeting =
    input.salutation === 'Frau' ? `Sehr geehrte Frau ${lastName},` : `Sehr geehrter Herr ${lastName},`;
  return [
    greeting,
    'seit einiger Zeit lege ich einen Teil meines Vermögens in ausgewählte Spitzenweine an und bin mit dem Weindepot sehr zufrieden. Die Weine lagern sicher und voll versichert im Zollfreilager in Genf, und die Wertentwicklung lässt sich jederzeit im eigenen Depot verfolgen.',
    'Ich denke, das könnte auch für Sie interessant sein. Wenn Sie möchten, sehen Sie es sich doch einmal an – das Team berät Sie gern persönlich und unverbindlich.',
    `Mit freundlichen Grüßen\n${signature}`,
  ].join('\n\n');
}
