/** An error as the API reports it: a German `message` and, when known, a machine `code`. */
export interface ApiError {
  message: string;
  code?: string | null;
}

/** Too many attempts: the server's German message says when to try again. */
export const RATE_LIMITED = 'RATE_LIMITED';
/** The database is briefly unreachable; the server's German message asks to retry. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
