/**
 * German name of the show-password toggle. It avoids the word "Passwort" so that a field label
 * like "Passwort" names exactly one element.
 */
export const PASSWORD_TOGGLE_PROPS = { 'aria-label': 'Zeichen anzeigen' } as const;
