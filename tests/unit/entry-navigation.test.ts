import { describe, expect, it } from 'vitest';
import { canUseBackOffice, isSidebarItemActive, sidebarItems } from '../../src/app/layout/navigation';
import { displayName, greetingName } from '../../src/app/layout/user-names';
import {
  afterActivationPath,
  afterLoginPath,
  registerPath,
  screenPathAfterLogin,
} from '../../src/routes/entry-navigation';

describe('after login', () => {
  it.each([
    [undefined, '/admin'],
    ['/admin/depot', '/admin/depot'],
    ['/admin/angebot/10123452015?x=1', '/admin/angebot/10123452015?x=1'],
    ['/admin', '/admin'],
    ['/login', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['//evil.example/admin', '/admin'],
    ['/administrator', '/admin'],
    [42, '/admin'],
  ])('from %j → %j', (from, expected) => {
    expect(afterLoginPath(from)).toBe(expected);
  });

  it.each([
    ['/admin', '/admin/start'],
    ['/admin/depot', '/admin/depot'],
    ['/admin/angebot/10123452015?x=1', '/admin/angebot/10123452015'],
    ['/admin/depot#tabelle', '/admin/depot'],
  ])('the screen of %j, whose code loads while the form is used: %j', (path, expected) => {
    expect(screenPathAfterLogin(path)).toBe(expected);
  });
});

describe('after activation', () => {
  it.each([
    ['10123452015', '/admin/angebot/10123452015'],
    [undefined, '/login'],
    ['', '/login'],
  ])('lwin %j → %j', (lwin, expected) => {
    expect(afterActivationPath(lwin)).toBe(expected);
  });

  it('links registration to an offer', () => {
    expect(registerPath('10123452015')).toBe('/register/10123452015');
    expect(registerPath()).toBe('/register');
  });
});

describe('sidebar (client-area section 2)', () => {
  const clientItems = [
    ['Willkommen', '/admin/start', undefined],
    ['Weinwissen', '/admin/academy-overview', undefined],
    ['Mein Weindepot', '/admin/depot', undefined],
    ['Top Angebote', '/admin/weinangebot', 'NEU'],
    ['Entdecken', '/admin/all-wineries/', undefined],
    ['Persönliche Angebote', '/admin/selection', undefined],
    ['Mein Orderbuch', '/admin/orderlist', undefined],
  ];

  it('lists the client items in order, without Management', () => {
    expect(
      sidebarItems({ isStaff: false, isSuperuser: false }).map((item) => [item.label, item.path, item.badge]),
    ).toEqual(clientItems);
  });

  it.each([
    ['client', { isStaff: false, isSuperuser: false }, false],
    ['staff account', { isStaff: true, isSuperuser: false }, true],
    ['superuser', { isStaff: false, isSuperuser: true }, true],
    ['staff superuser', { isStaff: true, isSuperuser: true }, true],
  ])('%s: back office %j', (_, roles, backOffice) => {
    expect(canUseBackOffice(roles)).toBe(backOffice);
    const items = sidebarItems(roles);
    expect(items.some((item) => item.path === '/admin/management')).toBe(backOffice);
    if (backOffice) expect(items.at(-1)).toEqual({ label: 'Management', path: '/admin/management' });
    expect(items).toHaveLength(backOffice ? 8 : 7);
  });

  it.each([
    ['/admin/all-wineries/', '/admin/all-wineries', true],
    ['/admin/selection', '/admin/selection/wt', true],
    ['/admin/start', '/admin/start', true],
    ['/admin/start', '/admin/depot', false],
    ['/admin/depot', '/admin/depotx', false],
  ])('item %j active on %j: %j', (path, pathname, expected) => {
    expect(isSidebarItemActive({ label: 'x', path }, pathname)).toBe(expected);
  });
});

describe('user names', () => {
  const user = { email: 'anna@example.com', firstName: 'Anna', lastName: 'Berger', directSalutation: null };
  it('shows first and last name, else the email', () => {
    expect(displayName(user)).toBe('Anna Berger');
    expect(displayName({ ...user, firstName: '', lastName: '' })).toBe('anna@example.com');
  });

  it('greets with the direct salutation, else the first name', () => {
    expect(greetingName({ ...user, directSalutation: 'Frau Dr. Berger' })).toBe('Frau Dr. Berger');
    expect(greetingName(user)).toBe('Anna');
  });
});
