import { describe, expect, it } from 'vitest';
import {
  compareForSort,
  matchesSearch,
  pageCount,
  sortRows,
} from '../../src/components/backoffice/backoffice-table';

describe('back office tables: sorting', () => {
  const rows = [
    { id: 1, price: '249.00' },
    { id: 2, price: null },
    { id: 3, price: '1200.50' },
    { id: 4, price: '' },
    { id: 5, price: '99.90' },
    { id: 6, price: undefined },
  ];
  const ids = (sorted: { id: number }[]) => sorted.map((row) => row.id);

  it.each([
    ['asc', [5, 1, 3, 2, 4, 6]],
    ['desc', [3, 1, 5, 2, 4, 6]],
  ] as const)('%s: numbers by value, empty cells last in their original order', (direction, expected) => {
    expect(ids(sortRows(rows, (row) => row.price, direction))).toEqual(expected);
  });

  it('keeps the order of equal values in both directions', () => {
    const ties = [
      { id: 1, name: 'Lafite' },
      { id: 2, name: 'Angelus' },
      { id: 3, name: 'Lafite' },
    ];
    expect(ids(sortRows(ties, (row) => row.name, 'asc'))).toEqual([2, 1, 3]);
    expect(ids(sortRows(ties, (row) => row.name, 'desc'))).toEqual([1, 3, 2]);
  });

  it('does not change the given rows', () => {
    const copy = [...rows];
    sortRows(rows, (row) => row.price, 'desc');
    expect(rows).toEqual(copy);
  });

  it.each([
    [2, 10, -1],
    ['10.00', '9.50', 1],
    ['Château', 'Chave', -1],
    [false, true, -1],
    [null, 1, 1],
    [1, '', -1],
    [null, undefined, 0],
  ])('compareForSort(%j, %j) has the sign %j', (a, b, sign) => {
    expect(Math.sign(compareForSort(a, b))).toBe(sign);
  });
});

describe('back office tables: search', () => {
  it.each([
    ['Château Lafite Rothschild 2016', 'chateau 2016', true],
    ['Château Lafite Rothschild 2016', 'lafite 2017', false],
    ['anything', '   ', true],
  ])('%j matches %j: %j', (text, search, expected) => {
    expect(matchesSearch(text, search)).toBe(expected);
  });
});

describe('back office tables: pages', () => {
  it.each([
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [100_000, 25, 4000],
  ])('%j rows at %j a page fill %j page(s)', (totalCount, pageSize, expected) => {
    expect(pageCount(totalCount, pageSize)).toBe(expected);
  });
});
