import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../src/api/session/session-store';
import { memoryStorage } from './support/memory-storage';

const user = {
  id: 7,
  email: 'anna@example.com',
  salutation: 'Frau',
  title: 'Dr.',
  directSalutation: 'Frau Dr. Berger',
  firstName: 'Anna',
  lastName: 'Berger',
  isStaff: false,
  isSuperuser: false,
};

describe('session store', () => {
  it('keeps the user under "user" and the token under "tokens"', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn({ user, token: 'jwt-1' });
    expect(JSON.parse(storage.getItem('user') ?? '')).toEqual(user);
    expect(JSON.parse(storage.getItem('tokens') ?? '')).toEqual({ token: 'jwt-1' });
    expect(createSessionStore(storage).getSession()).toEqual({ user, token: 'jwt-1' });
  });

  it('clears both keys and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn({ user, token: 'jwt-1' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(storage.getItem('user')).toBeNull();
    expect(storage.getItem('tokens')).toBeNull();
    expect(store.getSession()).toBeNull();
    expect(store.getToken()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });

  it.each([
    ['no token', { user: JSON.stringify(user) }],
    ['broken JSON', { user: '{', tokens: '{"token":"x"}' }],
    ['a user without names', { user: '{"email":"a@b.de"}', tokens: '{"token":"x"}' }],
    [
      'a malformed staff flag',
      { user: JSON.stringify({ ...user, isStaff: 'yes' }), tokens: '{"token":"x"}' },
    ],
  ])('treats %s as logged out', (_, entries) => {
    const storage = memoryStorage();
    for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
    expect(createSessionStore(storage).getSession()).toBeNull();
  });

  it('loads a session stored before isStaff was kept as a non-staff user', () => {
    const storage = memoryStorage();
    const { isStaff: _, ...olderUser } = user;
    storage.setItem('user', JSON.stringify({ ...olderUser, isSuperuser: true }));
    storage.setItem('tokens', JSON.stringify({ token: 'jwt-old' }));
    expect(createSessionStore(storage).getSession()).toEqual({
      user: { ...user, isStaff: false, isSuperuser: true },
      token: 'jwt-old',
    });
  });

  it('keeps a stored staff flag', () => {
    const storage = memoryStorage();
    createSessionStore(storage).signIn({ user: { ...user, isStaff: true }, token: 'jwt-1' });
    expect(createSessionStore(storage).getSession()?.user.isStaff).toBe(true);
  });

  it('returns the same snapshot until something changes', () => {
    const store = createSessionStore(memoryStorage());
    store.signIn({ user, token: 'jwt-1' });
    expect(store.getSession()).toBe(store.getSession());
  });
});
