import { describe, expect, it } from 'vitest';
import { readWatchedPayment, writeWatchedPayment } from '../../src/features/order-list/ui/watched-payment';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the invoice whose payment was started on this device', () => {
  it('is remembered until it is forgotten', () => {
    const storage = memoryStorage();
    expect(readWatchedPayment(storage)).toBeNull();
    writeWatchedPayment(storage, 42);
    expect(readWatchedPayment(storage)).toBe(42);
    writeWatchedPayment(storage, null);
    expect(readWatchedPayment(storage)).toBeNull();
  });

  it.each(['', 'abc', '0', '-3', '1.5', '1e400'])(
    'ignores a stored value %j that is no invoice id',
    (value) => {
      const storage = memoryStorage();
      storage.setItem('weindepot:watched-payment', value);
      expect(readWatchedPayment(storage)).toBeNull();
    },
  );
});
