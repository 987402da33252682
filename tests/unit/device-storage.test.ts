import { describe, expect, it } from 'vitest';
import { deviceStorage, memoryStorage } from '../../src/db/device-storage';

describe('deviceStorage', () => {
  it('uses the browser’s local storage when it may', () => {
    const local = memoryStorage() as unknown as Storage;
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
    first.removeItem('session');
    expect(first.getItem('session')).toBeNull();
  });
});
