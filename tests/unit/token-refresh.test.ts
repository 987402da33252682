import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, type Session } from '../../src/api/session/session-store';
import { needsRefresh, startTokenRefresh, tokenTimes } from '../../src/app/session/token-refresh';
import { memoryStorage } from './support/memory-storage';
import { clientUser } from './support/session-user';

const DAY = 24 * 3600;

/** A JWT-shaped token (header.payload.signature); the client never verifies the signature. */
function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

/** The parts of `window` the refresh uses: events, `navigator.onLine`, visibility and timers. */
function browserWindow(online: boolean) {
  const events = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return Object.assign(events, {
    navigator: { onLine: online },
    document,
    setInterval: () => 1,
    clearInterval: () => {},
  });
}

const user = clientUser;

const issuedAt = 1_800_000_000;
const sevenDayToken = jwt({ sub: '7', iat: issuedAt, exp: issuedAt + 7 * DAY });
const at = (seconds: number) => seconds * 1000;

describe('token refresh schedule', () => {
  it('reads issue and expiry time from the token', () => {
    expect(tokenTimes(sevenDayToken)).toEqual({ issuedAt, expiresAt: issuedAt + 7 * DAY });
    expect(tokenTimes('not-a-token')).toBeNull();
    expect(tokenTimes(jwt({ sub: '7' }))).toBeNull();
  });

  it.each([
    ['a fresh token', issuedAt + 60, false],
    ['a token after one day', issuedAt + DAY, false],
    ['a token at half of its lifetime', issuedAt + 3.5 * DAY, true],
    ['a token one hour before it expires', issuedAt + 7 * DAY - 3600, true],
    ['an expired token', issuedAt + 7 * DAY + 1, false],
  ])('%s: refresh due = %s', (_label, now, due) => {
    expect(needsRefresh(sevenDayToken, at(now))).toBe(due);
  });
});

describe('startTokenRefresh', () => {
  function signedInStore(token: string) {
    const store = createSessionStore(memoryStorage());
    store.signIn({ user, token });
    return store;
  }

  it('renews a due token on start and keeps the session', async () => {
    const store = signedInStore(sevenDayToken);
    const renewed: Session = {
      user,
      token: jwt({ sub: '7', iat: issuedAt + 4 * DAY, exp: issuedAt + 11 * DAY }),
    };
    const refresh = vi.fn(async () => renewed);
    const stop = startTokenRefresh({
      sessionStore: store,
      refresh,
      target: browserWindow(true) as unknown as Window,
      now: () => at(issuedAt + 4 * DAY),
    });
    await vi.waitFor(() => expect(store.getToken()).toBe(renewed.token));
    expect(refresh).toHaveBeenCalledWith(sevenDayToken);
    stop();
  });

  it('waits while offline and renews when the connection returns', async () => {
    const store = signedInStore(sevenDayToken);
    const renewed: Session = {
      user,
      token: jwt({ sub: '7', iat: issuedAt + 5 * DAY, exp: issuedAt + 12 * DAY }),
    };
    const refresh = vi.fn(async () => renewed);
    const target = browserWindow(false);
    const stop = startTokenRefresh({
      sessionStore: store,
      refresh,
      target: target as unknown as Window,
      now: () => at(issuedAt + 5 * DAY),
    });
    await Promise.resolve();
    expect(refresh).not.toHaveBeenCalled();
    target.navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(store.getToken()).toBe(renewed.token));
    stop();
  });

  it('keeps the token when the refresh fails (network) and does not renew a token not yet due', async () => {
    const store = signedInStore(sevenDayToken);
    const failing = vi.fn(async (): Promise<Session> => {
      throw new Error('Failed to fetch');
    });
    const stop = startTokenRefresh({
      sessionStore: store,
      refresh: failing,
      target: browserWindow(true) as unknown as Window,
      now: () => at(issuedAt + 4 * DAY),
    });
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    expect(store.getToken()).toBe(sevenDayToken);
    stop();

    const notDue = vi.fn(async (): Promise<Session> => ({ user, token: 'x' }));
    const stopAgain = startTokenRefresh({
      sessionStore: store,
      refresh: notDue,
      target: browserWindow(true) as unknown as Window,
      now: () => at(issuedAt + DAY),
    });
    await Promise.resolve();
    expect(notDue).not.toHaveBeenCalled();
    stopAgain();
  });

  it('does not bring back a session that was ended while the refresh was under way', async () => {
    const store = signedInStore(sevenDayToken);
    let answer: (session: Session) => void = () => {};
    const refresh = vi.fn(() => new Promise<Session>((resolve) => (answer = resolve)));
    const stop = startTokenRefresh({
      sessionStore: store,
      refresh,
      target: browserWindow(true) as unknown as Window,
      now: () => at(issuedAt + 4 * DAY),
    });
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    store.clear();
    answer({ user, token: jwt({ sub: '7', iat: issuedAt + 4 * DAY, exp: issuedAt + 11 * DAY }) });
    // The refresh awaited this promise before the test did, so its decision (renew or not) has run
    // once the test's own await returns: no fixed wait.
    await refresh.mock.results[0]?.value;
    expect(store.getSession()).toBeNull();
    stop();
  });
});
