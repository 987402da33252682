/** Where the entry screen sends the user (spec entry-checkout-backoffice 2.1, client-area 2). */

export const ADMIN_HOME_PATH = '/admin';
export const START_PATH = '/admin/start';
export const LOGIN_PATH = '/login';

/** The navigation state the login reads: the page the visitor wanted, where the login returns. */
export interface LoginRedirectState {
  from: string;
}

/** Only paths inside the logged-in area are honoured, so a crafted "from" cannot lead elsewhere. */
function isAdminPath(path: string): boolean {
  return (
    (path === ADMIN_HOME_PATH || /^\/admin[/?#]/.test(path)) && !path.includes('//') && !path.includes('\\')
  );
}

/** After a successful login: back to the recorded page, otherwise to /admin (which shows /admin/start). */
export function afterLoginPath(from: unknown): string {
  return typeof from === 'string' && isAdminPath(from) ? from : ADMIN_HOME_PATH;
}

/** The path of the screen a page after the login shows, without query and fragment: `/admin` shows the start page. */
export function screenPathAfterLogin(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return pathname === ADMIN_HOME_PATH ? START_PATH : pathname;
}

/** After activation: the offer the user registered for, otherwise the login. */
export function afterActivationPath(lwin?: string | null): string {
  const trimmed = lwin?.trim();
  return trimmed ? `/admin/angebot/${encodeURIComponent(trimmed)}` : LOGIN_PATH;
}

export function registerPath(lwin?: string | null): string {
  return lwin ? `/register/${encodeURIComponent(lwin)}` : '/register';
}
