/**
 * Texts of the contact modal that the app shell needs (its title, the "Anfragen" message). Kept
 * apart from the form's rules (contact-form.ts), which bring the input-limit schemas and zod: the
 * shell, and so every route's first load, must not carry those.
 */
export const CONTACT_TEXTS = {
  title: 'Kontakt aufnehmen',
  thanks: 'Danke für Ihre Anfrage! Wir melden uns bei Ihnen.',
  privacy: 'Ich habe die Datenschutzhinweise gelesen und stimme der Verarbeitung meiner Angaben zu.',
  callback: 'Ich bitte um einen Rückruf',
  send: 'Absenden',
} as const;

/** The message "Anfragen" on an offer "auf Anfrage" starts with: the wine and its year. */
export function onRequestMessage(wine: string, year: number): string {
  return `Ich interessiere mich für ${wine} ${year} (auf Anfrage). Bitte senden Sie mir ein Angebot.`;
}
