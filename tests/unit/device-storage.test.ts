import { describe, expect, it } from 'vitest';
import { deviceStorage, memoryStorage } from '../../src/app/device-storage';

describe('deviceStorage', () => {
  it('uses the browser’s local storage when it may', () => {
    const local = memoryStorage();
    expect(deviceStorage({ localStorage: local })).toBe(local);
  });

  it('keeps the page running in memory when the browser denies local storage (a framed page)', () => {
    const denied = {
      get localStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    };
    const first = deviceStorage(denied);
    first.setItem('session', 'x');
    // Every screen of the page reads what another wrote.
    expect(deviceStorage(denied).getItem('session')).toBe('x');
    expect(first.length).toBe(1);
    expect(first.key(0)).toBe('session');
    first.removeItem('session');
    expect(first.getItem('session')).toBeNull();
  });

  it('falls back when reading works but using the storage throws', () => {
    const broken = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('quota');
      },
    } as Storage;
    const storage = deviceStorage({ localStorage: broken });
    expect(storage).not.toBe(broken);
    storage.setItem('a', '1');
    expect(storage.getItem('a')).toBe('1');
  });
});
