import { describe, expect, it } from 'vitest';
import { countLabel, pluralForm } from '../../src/domain/plural';

describe('German plurals', () => {
  it('uses the singular for exactly one', () => {
    expect(countLabel(1, 'Flasche')).toBe('1 Flasche');
    expect(countLabel(1, 'Kiste')).toBe('1 Kiste');
    expect(countLabel(1, 'Position')).toBe('1 Position');
    expect(countLabel(1, 'Weingut')).toBe('1 Weingut');
    expect(countLabel(2, 'Weingut')).toBe('2 Weingüter');
  });

  it('uses the plural for zero, several and fractions', () => {
    expect(countLabel(0, 'Kiste')).toBe('0 Kisten');
    expect(countLabel(6, 'Flasche')).toBe('6 Flaschen');
    expect(countLabel(18, 'Position')).toBe('18 Positionen');
    expect(pluralForm(1.5, 'Jahr')).toBe('Jahre');
  });

  it('writes large counts with German digit grouping', () => {
    expect(countLabel(1200, 'Kiste')).toBe('1.200 Kisten');
  });
});
