import { describe, expect, it } from 'vitest';
import { caseFormat, casesOfFormat } from '../../src/domain/packaging';

describe('Gebinde', () => {
  it.each([
    [6, '0,75l', '6\u00a0×\u00a00,75l'],
    [12, '0,375l', '12\u00a0×\u00a00,375l'],
    [1, '1,5l', '1\u00a0×\u00a01,5l'],
  ])('%i bottles of %s per case: "%s"', (caskOf, size, expected) => {
    expect(caseFormat(caskOf, size)).toBe(expected);
  });

  it.each([
    [1, 6, '0,75l', '1 Kiste à 6\u00a0×\u00a00,75l'],
    [2, 6, '0,75l', '2 Kisten à 6\u00a0×\u00a00,75l'],
    [0, 6, '0,75l', '0 Kisten à 6\u00a0×\u00a00,75l'],
    [1200, 3, '1,5l', '1.200 Kisten à 3\u00a0×\u00a01,5l'],
  ])('%i cases of %i × %s: "%s"', (cases, caskOf, size, expected) => {
    expect(casesOfFormat(cases, caskOf, size)).toBe(expected);
  });
});
