import { describe, expect, it } from 'vitest';
import {
  clusterCountByRegion,
  insideView,
  markerCollection,
  markerRegions,
  nearestOf,
  regionClusterProperties,
} from '../../src/features/wineries/model/map-markers';

const margaux = { region: 'Bordeaux', lngLat: [-0.67, 45.04] as const };
const pauillac = { region: 'Bordeaux', lngLat: [-0.75, 45.2] as const };
const beaune = { region: 'Burgund', lngLat: [4.84, 47.02] as const };
const unknown = { region: null, lngLat: [2.35, 48.85] as const };

describe("the wineries map's clustered source", () => {
  it('names each region once, sorted', () => {
    expect(markerRegions([beaune, margaux, unknown, pauillac])).toEqual(['Bordeaux', 'Burgund']);
  });

  it("carries each winery's index and its region's index, -1 without region", () => {
    const collection = markerCollection([margaux, beaune, unknown], ['Bordeaux', 'Burgund']);
    expect(collection.features.map((feature) => feature.properties)).toEqual([
      { index: 0, region: 0 },
      { index: 1, region: 1 },
      { index: 2, region: -1 },
    ]);
    expect(collection.features[1]?.geometry).toEqual({ type: 'Point', coordinates: [4.84, 47.02] });
  });

  it("sums a cluster's wineries per region and reads the sums back", () => {
    expect(Object.keys(regionClusterProperties(['Bordeaux', 'Burgund']))).toEqual(['r0', 'r1']);
    expect(regionClusterProperties(['Bordeaux']).r0).toEqual([
      '+',
      ['case', ['==', ['get', 'region'], 0], 1, 0],
    ]);
    expect([...clusterCountByRegion(['Bordeaux', 'Burgund'], { r0: 3, cluster: true })]).toEqual([
      ['Bordeaux', 3],
      ['Burgund', 0],
    ]);
  });
});

describe('what the map shows', () => {
  it('shows an item inside the view, its edges included', () => {
    expect(insideView({ x: 0, y: 0 }, 600, 400)).toBe(true);
    expect(insideView({ x: 600, y: 400 }, 600, 400)).toBe(true);
    expect(insideView({ x: -1, y: 10 }, 600, 400)).toBe(false);
    expect(insideView({ x: 10, y: 401 }, 600, 400)).toBe(false);
  });

  it('finds the nearest item, the first of equally near ones, none of none', () => {
    expect(nearestOf([5, -2, 2, 9], Math.abs)).toBe(-2);
    expect(nearestOf([], Math.abs)).toBeUndefined();
  });
});
