import { describe, expect, it } from 'vitest';
import { isStaffUser } from '../../src/domain/staff';

describe('who acts as staff (the one rule the server and the PWA ask)', () => {
  it.each([
    [{ isStaff: true, isSuperuser: false }, true],
    [{ isStaff: false, isSuperuser: true }, true],
    [{ isStaff: false, isSuperuser: false }, false],
    [null, false],
    [undefined, false],
  ])('%o → %s', (user, expected) => {
    expect(isStaffUser(user)).toBe(expected);
  });
});
