/** The chart/table choice of the depot, kept in the cookie `showTable` for 7 days (spec client area §2). */
export const SHOW_TABLE_COOKIE = 'showTable';
const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export function readShowTable(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${SHOW_TABLE_COOKIE}=true`);
}

/** Sent only to this site (SameSite=Lax), and only over TLS where the portal is served over TLS. */
export function showTableCookie(showTable: boolean, secure: boolean): string {
  const attributes = `Max-Age=${SEVEN_DAYS_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${SHOW_TABLE_COOKIE}=${showTable}; ${attributes}`;
}

export function writeShowTable(showTable: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names a cookie; the Cookie Store API is missing in Firefox and Safari.
  document.cookie = showTableCookie(showTable, window.location.protocol === 'https:');
}
