import { describe, expect, it } from 'vitest';
import { provenanceText } from '../../src/features/offers/model/provenance';

describe('provenance text', () => {
  it('names the négociants of Bordeaux only for a Bordeaux', () => {
    expect(provenanceText('Château Margaux', 'Bordeaux')).toContain('Place de Bordeaux');
  });

  it('derives a Champagne, a Burgundy and any other wine from their own region', () => {
    const champagne = provenanceText('Krug', 'Champagne');
    expect(champagne).toContain('direkt vom Champagnerhaus Krug');
    expect(champagne).not.toContain('Bordeaux');
    expect(provenanceText('Domaine Leflaive', 'Burgund')).toContain(
      'Domaine Leflaive oder einem etablierten Négociant aus dem Burgund',
    );
    const tuscany = provenanceText('Tenuta San Guido', 'Toskana');
    expect(tuscany).toContain('direkt vom Weingut Tenuta San Guido (Toskana)');
    expect(tuscany).not.toContain('Bordeaux');
  });
});
