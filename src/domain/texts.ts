/** German texts shown in more than one place. */

/** Address named in German error texts; the server's `SUPPORT_EMAIL` defaults to the same. */
export const SUPPORT_EMAIL = 'service@weindepot.example';

export const UNDER_CONSTRUCTION = 'Dieser Bereich wird gerade aufgebaut.';

export const LOG_OUT = 'Abmelden';

export const REQUIRED_FIELD_NOTE = '* Pflichtfeld';
