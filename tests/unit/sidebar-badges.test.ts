import { describe, expect, it } from 'vitest';
import {
  orderListBadge,
  PERSONAL_OFFERS_BADGE_DAYS,
  personalOffersBadge,
  personalOffersSince,
  typingFrame,
} from '../../src/domain/sidebar-badges';

describe('sidebar badges', () => {
  it('counts preference profiles newer than 14 days', () => {
    expect(PERSONAL_OFFERS_BADGE_DAYS).toBe(14);
    expect(personalOffersSince(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe(
      '2026-11-07T12:00:00.000Z',
    );
  });
  it.each([
    [0, undefined],
    [1, '1'],
    [3, '3'],
  ])('personal offers %i → %s', (count, badge) => {
    expect(personalOffersBadge(count)).toBe(badge);
  });
  it.each([
    [0, false, undefined],
    [2, false, '2'],
    [2, true, '!'],
    [0, true, '!'],
  ])('order list %i positions, blocked %s → %s', (count, blocked, badge) => {
    expect(orderListBadge(count, blocked)).toBe(badge);
  });
});

describe('contact avatar typing animation', () => {
  const texts = ['Hallo', 'Hi'];
  it.each([
    [0, 'H'],
    [4, 'Hallo'],
    [6, 'Hallo'],
    [7, 'H'],
    [8, 'Hi'],
    [9, 'Hi'],
    [10, 'Hi'],
    [11, 'H'],
  ])('step %i shows %j', (step, shown) => {
    expect(typingFrame(texts, step, 2)).toBe(shown);
  });
});
