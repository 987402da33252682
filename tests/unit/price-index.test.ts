import { describe, expect, it } from 'vitest';
import { equalWeightedIndex } from '../../src/domain/price-index';

describe('equal-weighted price index, base 100 in its first year', () => {
  it.each([
    ['no prices', [], []],
    [
      'one vintage doubling',
      [
        { vintageId: 1, year: 2020, price: 100 },
        { vintageId: 1, year: 2021, price: 200 },
      ],
      [
        { year: 2020, value: 100, vintageCount: 1 },
        { year: 2021, value: 200, vintageCount: 1 },
      ],
    ],
    [
      'two vintages weigh the same regardless of price',
      [
        { vintageId: 1, year: 2020, price: 100 },
        { vintageId: 2, year: 2020, price: 10_000 },
        { vintageId: 1, year: 2021, price: 120 },
        { vintageId: 2, year: 2021, price: 10_000 },
      ],
      [
        { year: 2020, value: 100, vintageCount: 2 },
        { year: 2021, value: 110, vintageCount: 2 },
      ],
    ],
    [
      'a vintage joining later causes no jump',
      [
        { vintageId: 1, year: 2020, price: 100 },
        { vintageId: 1, year: 2021, price: 110 },
        { vintageId: 2, year: 2021, price: 5_000 },
        { vintageId: 1, year: 2022, price: 110 },
        { vintageId: 2, year: 2022, price: 5_500 },
      ],
      [
        { year: 2020, value: 100, vintageCount: 1 },
        { year: 2021, value: 110, vintageCount: 1 },
        { year: 2022, value: 115.5, vintageCount: 2 },
      ],
    ],
  ])('%s', (_case, prices, points) => {
    expect(equalWeightedIndex(prices)).toEqual(points);
  });
});
