import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoMediaPlan } from '../../server/seed/media/plan';
import { resolveInside } from '../../server/services/safe-path';

const root = '/srv/weindepot/var/media';

describe('file names stay inside their folder', () => {
  it('resolves ordinary relative names inside the folder', () => {
    expect(resolveInside(root, 'wineries/chateau-margaux.svg')).toBe(`${root}/wineries/chateau-margaux.svg`);
    expect(resolveInside(root, 'a/../b.svg')).toBe(`${root}/b.svg`);
  });

  it.each([
    '../secrets.json',
    'wineries/../../secrets.json',
    '/etc/passwd',
    '..',
    '.',
    '',
    'images\\..\\..\\secrets.json',
    'bild.svg\u0000.png',
  ])('refuses %j', (name) => {
    expect(() => resolveInside(root, name)).toThrow();
  });

  it('places every seeded media file inside the media folder', () => {
    const plan = demoMediaPlan();
    expect(plan.length).toBeGreaterThan(0);
    for (const item of plan) {
      expect(resolveInside(root, item.path).startsWith(`${root}${path.sep}`)).toBe(true);
    }
  });
});
