/**
 * The storage side of the background sync: persistent storage is asked for after
 * the first sync only, and a full quota drops the image cache first, with a German message. The
 * browser (storage manager, Cache Storage, service worker) is replaced by small stand-ins; the
 * sync itself answers as `syncClientArea` would.
 */

import { QueryClient } from '@tanstack/react-query';
import Dexie from 'dexie';
import { GraphQLClient } from 'graphql-request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { title?: unknown; message?: unknown }[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (notice: { title?: unknown; message?: unknown }) => shown.push(notice) },
}));

let syncAnswer: () => Promise<unknown> = async () => ({ full: false, files: [], images: [] });
vi.mock('../../src/features/sync/api/sync', () => ({ syncClientArea: () => syncAnswer() }));

const { runBackgroundSync } = await import('../../src/features/sync/api/background-sync');
const { syncState } = await import('../../src/db/sync-state');

interface Device {
  persisted: number;
  deletedCaches: string[];
  usage: number;
}

function device(usage: number): Device {
  const state: Device = { persisted: 0, deletedCaches: [], usage };
  vi.stubGlobal('navigator', {
    onLine: true,
    serviceWorker: { controller: {} },
    storage: {
      persist: async () => {
        state.persisted += 1;
        return true;
      },
      estimate: async () => ({ quota: 1_000, usage: state.usage }),
    },
  });
  vi.stubGlobal('caches', {
    delete: async (name: string) => {
      state.deletedCaches.push(name);
      return true;
    },
  });
  return state;
}

const sync = () =>
  runBackgroundSync(new GraphQLClient('http://localhost/graphql'), new QueryClient(), 'user:1', () => true);

describe('Speicher der Hintergrund-Synchronisierung', () => {
  beforeEach(() => {
    vi.stubGlobal('__APP_BUILD_ID__', 'test');
    shown.length = 0;
    syncAnswer = async () => ({ full: false, files: [], images: [] });
    syncState.forgetAll();
    syncState.switchUser('user:1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for persistent storage after the first sync, not after later ones', async () => {
    const browser = device(100);
    await sync();
    expect(syncState.get().phase).toBe('synced');
    expect(browser.persisted).toBe(1);
    await sync();
    expect(browser.persisted).toBe(1);
    expect(browser.deletedCaches).toEqual([]);
    expect(shown).toEqual([]);
  });

  it('drops the images first when the storage is nearly full, and says so in German', async () => {
    const browser = device(990);
    await sync();
    expect(syncState.get().phase).toBe('synced');
    expect(browser.deletedCaches).toEqual(['media-images']);
    expect(shown).toMatchObject([
      {
        title: 'Speicher voll',
        message:
          'Der Speicher des Geräts ist voll: Bilder werden offline nicht angezeigt, die Daten bleiben verfügbar.',
      },
    ]);
  });

  it('a full quota while storing the data drops the images (never the data) and tells the user', async () => {
    const browser = device(100);
    syncAnswer = async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    await sync();
    expect(syncState.get()).toMatchObject({ phase: 'failed' });
    expect(browser.deletedCaches).toEqual(['media-images']);
    // Not "die Daten bleiben verfügbar": here the data itself did not fit.
    expect(shown).toMatchObject([
      {
        title: 'Speicher voll',
        message:
          'Der Speicher des Geräts ist voll: Die Bilder wurden entfernt, und nicht alle Daten konnten für die Offline-Nutzung gespeichert werden.',
      },
    ]);
  });

  it('knows the full quota also as Dexie passes it on (its own error, the browser’s inside)', async () => {
    const browser = device(100);
    syncAnswer = async () => {
      throw new Dexie.QuotaExceededError(
        'QuotaExceededError',
        new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      );
    };
    await sync();
    expect(browser.deletedCaches).toEqual(['media-images']);
    expect(shown).toMatchObject([{ title: 'Speicher voll' }]);
  });
});
