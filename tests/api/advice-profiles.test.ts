import { beforeAll, describe, expect, it } from 'vitest';
import { adviceJourney, LATEST, ME, type Profile } from './support/advice-journey';
import { databaseTargets, type TestPortal } from './support/harness';

describe.each(databaseTargets)('Anlegerprofil: Prüfung und Zusammenstellung (%s)', (target) => {
  const journey = adviceJourney(target);
  const { create } = journey;
  let portal: TestPortal;
  let neukunde: string;
  let keller: string;
  beforeAll(() => {
    ({ portal, neukunde, keller } = journey);
  });

  it('refuses profiles outside the ranges with German messages', async () => {
    const answer = await create(neukunde, { sum: '4999.00', risk: 101, lover: -1, horizon: 26 });
    const result = answer.data?.createPreferencesProfile;
    expect(result?.success).toBe(false);
    expect(result?.errors.map((error) => error.field).sort()).toEqual(
      ['investmentHorizon', 'investmentSumIntended', 'takesRisk', 'wineloverVsInvestor'].sort(),
    );
    expect(result?.errors.map((error) => error.message)).toContain(
      'Die geplante Investitionssumme muss mindestens 5.000 € betragen.',
    );
    const me = await portal.gql<{ me: { preferencesprofileSet: Profile[] } }>(ME, {}, { token: neukunde });
    expect(me.data?.me.preferencesprofileSet).toEqual([]);
  });

  let composed: Profile;

  it('saves a profile and composes a portfolio within ±10 % of the intended sum', async () => {
    const answer = await create(neukunde, { sum: '25000', risk: 60, lover: 70, horizon: 15 });
    expect(answer.data?.createPreferencesProfile.success).toBe(true);
    composed = answer.data?.createPreferencesProfile.preferencesProfile as Profile;
    expect(composed.source).toBe('WIZARD');
    expect(composed.investmentSumIntended).toBe('25000.00');
    expect(composed.recommendedPositions.length).toBeGreaterThanOrEqual(3);
    expect(composed.total).toBeGreaterThanOrEqual(2_250_000);
    expect(composed.total).toBeLessThanOrEqual(2_750_000);
    for (const position of composed.recommendedPositions) {
      expect(position.amount).toBeLessThanOrEqual(position.offer.availableCases);
    }
    for (const region of composed.regionShares) expect(region.share).toBeLessThanOrEqual(40);

    const me = await portal.gql<{ me: { preferencesprofileSet: Profile[] } }>(ME, {}, { token: neukunde });
    expect(me.data?.me.preferencesprofileSet.map((profile) => profile.uid)).toEqual([composed.uid]);
    const latest = await portal.gql<{ getLatestPreferencesProfile: Profile }>(
      LATEST,
      { source: 'WIZARD' },
      { token: neukunde },
    );
    expect(latest.data?.getLatestPreferencesProfile.uid).toBe(composed.uid);
  });

  it('recomposes when the profile changes', async () => {
    const answer = await create(neukunde, { sum: '10000', risk: 20, lover: 30, horizon: 8 });
    const changed = answer.data?.createPreferencesProfile.preferencesProfile as Profile;
    expect(changed.uid).not.toBe(composed.uid);
    expect(changed.total).toBeGreaterThanOrEqual(900_000);
    expect(changed.total).toBeLessThanOrEqual(1_100_000);
    const latest = await portal.gql<{ getLatestPreferencesProfile: Profile }>(
      LATEST,
      {},
      { token: neukunde },
    );
    expect(latest.data?.getLatestPreferencesProfile.uid).toBe(changed.uid);
    composed = changed;
  });

  it('composes the minimum sum of 5.000 € within the window and the region cap', async () => {
    for (const [risk, lover, horizon] of [
      [50, 0, 15],
      [50, 50, 15],
      [100, 100, 25],
    ] as const) {
      const answer = await create(keller, { sum: '5000', risk, lover, horizon });
      const profile = answer.data?.createPreferencesProfile.preferencesProfile as Profile;
      expect(profile.total).toBeGreaterThanOrEqual(450_000);
      expect(profile.total).toBeLessThanOrEqual(550_000);
      for (const region of profile.regionShares) expect(region.share).toBeLessThanOrEqual(40);
    }
  });
});
