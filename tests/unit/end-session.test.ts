import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionStore } from '../../src/api/session/session-store';
import { endSession } from '../../src/app/session/end-session';
import { queueOrderChange, readOutbox } from '../../src/features/order-list/api/outbox-store';

const ENDPOINT = 'https://push.example/abc';

/** A signed-in session store that records when it was cleared. */
function sessionStore(events: string[]): SessionStore {
  let token: string | null = 'jwt-1';
  return {
    getSession: () => null,
    getToken: () => token,
    subscribe: () => () => {},
    signIn: () => {},
    updateUser: () => {},
    clear: () => {
      token = null;
      events.push('session cleared');
    },
  };
}

/** A browser whose service worker holds a push subscription. */
function deviceWithSubscription(events: string[], onLine: boolean) {
  const subscription = {
    endpoint: ENDPOINT,
    unsubscribe: async () => {
      events.push('device unsubscribed');
      return true;
    },
  };
  vi.stubGlobal('navigator', {
    onLine,
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
}

describe('Abmelden und Push-Abonnement', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  it('online, the server forgets the subscription while the session is still valid, then it ends', async () => {
    const events: string[] = [];
    deviceWithSubscription(events, true);
    const store = sessionStore(events);
    await endSession(store, new QueryClient(), async (endpoint) => {
      events.push(`server forgets ${endpoint} with ${store.getToken()}`);
    });
    expect(events).toEqual([
      `server forgets ${ENDPOINT} with jwt-1`,
      'session cleared',
      'device unsubscribed',
    ]);
  });

  it('offline, the logout does not wait for the server', async () => {
    const events: string[] = [];
    deviceWithSubscription(events, false);
    const forget = vi.fn(async () => undefined);
    await endSession(sessionStore(events), new QueryClient(), forget);
    expect(forget).not.toHaveBeenCalled();
    expect(events).toEqual(['session cleared', 'device unsubscribed']);
  });

  it('a server that fails or does not answer does not stop the logout', async () => {
    const events: string[] = [];
    deviceWithSubscription(events, true);
    await endSession(sessionStore(events), new QueryClient(), async () => {
      throw new Error('Netzwerkfehler');
    });
    expect(events).toEqual(['session cleared', 'device unsubscribed']);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hanging = endSession(sessionStore(events), new QueryClient(), () => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(3000);
    await hanging;
    expect(events.slice(2)).toEqual(['session cleared', 'device unsubscribed']);
  });

  it('an expired session (no logout) ends without asking the server', async () => {
    const events: string[] = [];
    deviceWithSubscription(events, true);
    await endSession(sessionStore(events), new QueryClient());
    expect(events).toEqual(['session cleared', 'device unsubscribed']);
  });

  it('a logout empties the outbox of the user (under the id and an older e-mail key), never of another user', async () => {
    const events: string[] = [];
    deviceWithSubscription(events, false);
    const user = { id: 7, email: 'kunde@example.com', firstName: 'Erika', lastName: 'Testkundin' };
    const store: SessionStore = {
      ...sessionStore(events),
      getSession: () => ({ user: { ...user, isSuperuser: false, isStaff: false }, token: 'jwt-1' }) as never,
    };
    const change = { kind: 'delete' as const, orderPositionId: 9, title: 'Opus One 2019' };
    await queueOrderChange('user:7', change);
    await queueOrderChange('kunde@example.com', change);
    await queueOrderChange('user:8', change);
    await endSession(store, new QueryClient(), undefined, { clearOutbox: true });
    expect(await readOutbox('user:7')).toEqual([]);
    expect(await readOutbox('kunde@example.com')).toEqual([]);
    expect(await readOutbox('user:8')).toHaveLength(1);
  });
});
