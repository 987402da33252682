import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvent, currentCount, isLimited } from '../../server/services/rate-limit';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const rule = { limit: 10, windowSeconds: 15 * 60 };
const windowMs = rule.windowSeconds * 1000;
/** A window boundary (a multiple of 15 minutes since the epoch). */
const boundary = new Date(Math.ceil(Date.parse('2026-11-21T13:00:00Z') / windowMs) * windowMs);
const at = (offsetMs: number) => new Date(boundary.getTime() + offsetMs);

describe.each(databaseTargets)('Ratenbegrenzung über Fenstergrenzen (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal.close();
  });

  it('still limits a burst that straddles a window boundary', async () => {
    const key = 'test:boundary';
    for (let event = 0; event < 10; event++) await countEvent(portal.db, key, rule, at(-1_000 + event));
    // Just after the boundary the ten events of the last seconds still count.
    expect(await isLimited(portal.db, key, rule, at(2_000))).toBe(true);
    expect(await countEvent(portal.db, key, rule, at(2_000))).toBe(11);
  });

  it('lets the previous window fade out over the current one', async () => {
    const key = 'test:fade';
    for (let event = 0; event < 10; event++) await countEvent(portal.db, key, rule, at(-60_000 + event));
    expect(await currentCount(portal.db, key, rule, at(windowMs / 2))).toBe(5);
    expect(await isLimited(portal.db, key, rule, at(windowMs / 2))).toBe(false);
    expect(await currentCount(portal.db, key, rule, at(windowMs))).toBe(0);
  });
});
