import { describe, expect, it } from 'vitest';
import { storedKey } from '../../server/services/rate-limit';
import { EMAIL_MAX_LENGTH, validateEmail } from '../../src/domain/entry-validation';

describe('limits on caller input that ends up in unique keys', () => {
  it('stores short rate-limit keys as they are and long ones as a bounded, distinct hash form', () => {
    expect(storedKey('login:email:anna@example.com')).toBe('login:email:anna@example.com');
    const long = `reset:email:${'😀'.repeat(30_000)}`;
    const other = `reset:email:${'😀'.repeat(30_001)}`;
    expect(storedKey(long).length).toBeLessThan(120);
    expect(storedKey(long)).toBe(storedKey(long));
    expect(storedKey(long)).not.toBe(storedKey(other));
    expect(storedKey(long)).not.toMatch(/[\uD800-\uDFFF]/u);
  });

  it('refuses e-mail addresses longer than SMTP delivers to (254 characters)', () => {
    const local = 'a'.repeat(64);
    const fits = `${local}@${'b'.repeat(EMAIL_MAX_LENGTH - local.length - 4)}.de`;
    expect(fits.length).toBe(EMAIL_MAX_LENGTH);
    expect(validateEmail(fits)).toBeNull();
    expect(validateEmail(`x${fits}`)).not.toBeNull();
    expect(validateEmail(`${'a'.repeat(6000)}@example.com`)).not.toBeNull();
  });
});
