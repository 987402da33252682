import { describe, expect, it } from 'vitest';
import {
  descriptionPreview,
  groupWineryList,
  isHiddenInList,
  markerClickNavigates,
  parseLocation,
  type WineryListRow,
} from '../../src/features/wineries/model/wineries';

describe('map description preview: the first 15 words', () => {
  const sixteen = Array.from({ length: 16 }, (_, index) => `w${index + 1}`).join(' ');
  it.each([
    ['<p>Kurzer Text.</p>', 'Kurzer Text.'],
    [`<p>${sixteen}</p>`, 'w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 …'],
    ['<p>Erster</p><p>Zweiter &amp; Dritter</p>', 'Erster Zweiter & Dritter'],
    ['', ''],
  ])('%s → %s', (html, preview) => {
    expect(descriptionPreview(html)).toBe(preview);
  });
});

describe('marker click rule: centre and navigate only above 1024 px', () => {
  it.each([
    [1280, true],
    [1025, true],
    [1024, false],
    [390, false],
  ])('%s px → %s', (width, navigates) => {
    expect(markerClickNavigates(width)).toBe(navigates);
  });
});

describe('location text', () => {
  it.each([
    ['POINT(-0.7686 45.2531)', [-0.7686, 45.2531]],
    ['POINT(12 44)', [12, 44]],
    [null, null],
    ['irgendwo', null],
  ])('%s → %o', (location, lngLat) => {
    expect(parseLocation(location)).toEqual(lngLat);
  });
});

describe('winery list grouping', () => {
  const row = (id: number, title: string, region: string): WineryListRow => ({
    id,
    title,
    region,
    country: '',
  });
  it.each([
    ['Bordeaux', 'Test-Wein Pauillac', true],
    ['Bordeaux', 'Château Margaux', false],
    ['Burgund', 'Timeless Pinot', true],
    ['Burgund', 'La Tâche', false],
    ['Champagne', 'Timeless Cuvée', false],
  ])('%s: "%s" hidden %s', (region, title, hidden) => {
    expect(isHiddenInList(region, title)).toBe(hidden);
  });

  it('groups France, Italy, New World, then the other regions, rows sorted by title', () => {
    const groups = groupWineryList([
      row(1, 'Pétrus', 'Bordeaux'),
      row(2, 'Château Lafite Rothschild', 'Bordeaux'),
      row(3, 'Test Bordeaux', 'Bordeaux'),
      row(4, 'Timeless', 'Burgund'),
      row(5, 'Sassicaia', 'Toskana'),
      row(6, 'Opus One', 'Napa Valley'),
      row(7, 'Unico', 'Ribera del Duero'),
      row(8, 'Hermitage', 'Hermitage'),
      row(9, 'Krug Grande Cuvée', 'Champagne'),
    ]);
    expect(
      groups.map((group) => [
        group.heading,
        group.regions.map((entry) => [entry.region, entry.rows.map((r) => r.title)]),
      ]),
    ).toEqual([
      [
        'Frankreich',
        [
          ['Bordeaux', ['Château Lafite Rothschild', 'Pétrus']],
          ['Champagne', ['Krug Grande Cuvée']],
        ],
      ],
      ['Italien', [['Toskana', ['Sassicaia']]]],
      ['Neue Welt', [['Napa Valley', ['Opus One']]]],
      [
        'Weitere Regionen',
        [
          ['Hermitage', ['Hermitage']],
          ['Ribera del Duero', ['Unico']],
        ],
      ],
    ]);
  });
  it('has no groups without wineries', () => {
    expect(groupWineryList([])).toEqual([]);
  });
});
