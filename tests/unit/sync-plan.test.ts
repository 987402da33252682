import { describe, expect, it } from 'vitest';
import {
  FULL_SYNC_MAX_AGE_MS,
  needsFullSync,
  queriesToConfirm,
  queriesToForget,
  type SyncProgress,
  sourcesToRerun,
} from '../../src/features/sync/model/sync-plan';

const progress = (overrides: Partial<SyncProgress> = {}): SyncProgress => ({
  cursor: '10:10:',
  buildId: 'build-a',
  fullAt: 1_000_000,
  manifests: {},
  ...overrides,
});

const sources = [
  { name: 'depot', entities: ['DEPOT_POSITION', 'VINTAGE'] },
  { name: 'offers', entities: ['OFFER', 'VINTAGE'] },
  { name: 'academy', entities: ['ACADEMY_VIDEO'] },
];
const manifests = {
  depot: ['depot', 'vintage-1'],
  offers: ['search', 'offer-a', 'vintage-1'],
  academy: ['videos'],
};
const everythingStored = () => true;

describe('Delta-Synchronisation: wann alles neu geladen wird', () => {
  it.each([
    { case: 'never synchronised on this device', progress: null, expected: true },
    { case: 'stored by another app build', progress: progress({ buildId: 'build-b' }), expected: true },
    {
      case: 'the last full sync is more than a day old',
      progress: progress({ fullAt: 1_000_000 - FULL_SYNC_MAX_AGE_MS - 1 }),
      expected: true,
    },
    {
      case: 'same build, full sync a day ago at most',
      progress: progress({ fullAt: 1_000_000 - FULL_SYNC_MAX_AGE_MS }),
      expected: false,
    },
  ])('$case: full sync $expected', ({ progress: stored, expected }) => {
    expect(needsFullSync(stored, 'build-a', 1_000_000)).toBe(expected);
  });
});

describe('Delta-Synchronisation: welche Bereiche neu geladen werden', () => {
  it('loads nothing again when nothing changed and everything is stored', () => {
    expect(sourcesToRerun(sources, [], manifests, everythingStored)).toEqual(new Set());
    const empty = [{ entity: 'OFFER', changed: [], deleted: [] }];
    expect(sourcesToRerun(sources, empty, manifests, everythingStored)).toEqual(new Set());
  });

  it('loads every area showing a changed or deleted entity, and only those', () => {
    expect(
      sourcesToRerun(
        sources,
        [{ entity: 'VINTAGE', changed: [4], deleted: [] }],
        manifests,
        everythingStored,
      ),
    ).toEqual(new Set(['depot', 'offers']));
    expect(
      sourcesToRerun(
        sources,
        [{ entity: 'ACADEMY_VIDEO', changed: [], deleted: [2] }],
        manifests,
        everythingStored,
      ),
    ).toEqual(new Set(['academy']));
  });

  it('loads an area again whose stored queries are gone from the device, or that has none recorded', () => {
    expect(sourcesToRerun(sources, [], manifests, (hash) => hash !== 'offer-a')).toEqual(new Set(['offers']));
    const { academy: _dropped, ...withoutAcademy } = manifests;
    expect(sourcesToRerun(sources, [], withoutAcademy, everythingStored)).toEqual(new Set(['academy']));
  });
});

describe('Delta-Synchronisation: was vom Gerät verschwindet und was bestätigt wird', () => {
  it('forgets the queries no area stores any more (the page of an archived offer)', () => {
    const next = { ...manifests, offers: ['search', 'vintage-1'] };
    expect(queriesToForget(manifests, next)).toEqual(['offer-a']);
  });

  it('keeps a query another area still stores (a vintage page of the depot and of an offer)', () => {
    const next = { ...manifests, offers: ['search'] };
    expect(queriesToForget(manifests, next)).toEqual(['offer-a']);
  });

  it('forgets nothing when the areas store what they stored before', () => {
    expect(queriesToForget(manifests, manifests)).toEqual([]);
  });

  it('confirms the queries of the areas that were not loaded again, not those just fetched', () => {
    expect(queriesToConfirm(manifests, new Set(['offers'])).sort()).toEqual(['depot', 'videos']);
    expect(queriesToConfirm(manifests, new Set()).sort()).toEqual(
      ['depot', 'offer-a', 'search', 'videos', 'vintage-1'].sort(),
    );
    expect(queriesToConfirm(manifests, new Set(['depot', 'offers', 'academy']))).toEqual([]);
  });
});
