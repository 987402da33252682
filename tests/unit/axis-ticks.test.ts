import { describe, expect, it } from 'vitest';
import { axisTicks } from '../../src/features/depot/model/axis-ticks';

describe('Achsenwerte der Wertentwicklung', () => {
  it('covers the values with round, rising steps', () => {
    expect(axisTicks(0, 68_654.3, 4, 1)).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
    expect(axisTicks(0, 9_800, 4, 1)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
  });

  it('never repeats a label on a narrow index range (100 to 102.9 in steps of 1, not 0.75)', () => {
    expect(axisTicks(100, 102.9, 4, 0.5)).toEqual([100, 101, 102, 103]);
    expect(axisTicks(100, 101.2, 4, 0.5)).toEqual([100, 100.5, 101, 101.5]);
  });

  it('gives a flat series one step above it', () => {
    expect(axisTicks(100, 100, 4, 0.5)).toEqual([100, 100.5]);
    expect(axisTicks(0, 0, 4, 1)).toEqual([0, 1]);
  });
});
