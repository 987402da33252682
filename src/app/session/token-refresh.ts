import type { Session, SessionStore } from '../../api/session/session-store';

/** How often an open app checks whether its token is due (also on start, `online` and when shown). */
export const REFRESH_CHECK_INTERVAL_MS = 15 * 60_000;

/** Issue and expiry time (unix seconds) of a JWT; the client only reads them to plan the refresh. */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { iat, exp } = claims as { iat?: unknown; exp?: unknown };
    return typeof iat === 'number' && typeof exp === 'number' ? { issuedAt: iat, expiresAt: exp } : null;
  } catch {
    return null;
  }
}

/**
 * A token is renewed once half of its lifetime has passed (7-day tokens: after 3.5 days). So a
 * client who was online in the last days always holds a token valid for days more, and being
 * offline for a day never ends the session. An expired token cannot be renewed any more.
 */
export function needsRefresh(token: string, nowMs: number): boolean {
  const times = tokenTimes(token);
  if (!times) return false;
  const now = nowMs / 1000;
  return now < times.expiresAt && now >= times.issuedAt + (times.expiresAt - times.issuedAt) / 2;
}

export interface TokenRefreshOptions {
  sessionStore: SessionStore;
  /** Exchanges the token for a new session; throws on failure (offline, refused). */
  refresh: (token: string) => Promise<Session>;
  /** The window whose `online` and `visibilitychange` events trigger a check. */
  target: Window;
  now?: () => number;
}

/**
 * Keeps the stored token fresh while the app is open and online. A refusal (password changed,
 * session too old) ends the session through the API client; a network failure is retried later.
 */
export function startTokenRefresh({
  sessionStore,
  refresh,
  target,
  now = Date.now,
}: TokenRefreshOptions): () => void {
  let running = false;
  const check = async () => {
    const token = sessionStore.getToken();
    if (running || !token || !target.navigator.onLine || !needsRefresh(token, now())) return;
    running = true;
    try {
      const renewed = await refresh(token);
      // Someone may have logged out or in meanwhile: only the session that asked is renewed.
      if (sessionStore.getToken() === token) sessionStore.signIn(renewed);
    } catch {
      // Offline or refused: the next check tries again, or the API client has ended the session.
    } finally {
      running = false;
    }
  };
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') void check();
  };
  const onOnline = () => void check();
  target.addEventListener('online', onOnline);
  target.document.addEventListener('visibilitychange', onVisible);
  const timer = target.setInterval(() => void check(), REFRESH_CHECK_INTERVAL_MS);
  void check();
  return () => {
    target.removeEventListener('online', onOnline);
    target.document.removeEventListener('visibilitychange', onVisible);
    target.clearInterval(timer);
  };
}
