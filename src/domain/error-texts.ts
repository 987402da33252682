/**
 * The fallback texts of failed requests and changes: shown when the server gave no German reason
 * (a network failure, a refusal without message). The one home of these texts in the PWA.
 */

/** A refusal without a message of its own, or an error the user cannot act on. */
export const GENERIC_ERROR = 'Es ist ein Fehler aufgetreten.';

/** Title of a notification about a change that was not saved (back office). */
export const NOT_SAVED_TITLE = 'Nicht gespeichert';

/** A back-office change that failed on the way (network, server): nothing was changed. */
export const CHANGE_NOT_SAVED =
  'Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.';

/** A customer's change that failed on the way (network, server). */
export const CONNECTION_FAILED =
  'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.';

/** A screen's data that could not be loaded (the spec's "Error"). */
export const LOAD_ERROR = 'Fehler beim Laden';
