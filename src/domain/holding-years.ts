/**
 * Typical holding years per region: the spec's table for the depot's investment horizon, with
 * Rhône added (the catalogue has Rhône wines, and a region without a value would leave their
 * positions without a horizon). The depot's forecast and the seed's investor profiles both read it.
 */
export const TYPICAL_HOLDING_YEARS: Readonly<Record<string, number>> = {
  Bordeaux: 10,
  Champagne: 7,
  Toskana: 8.5,
  Burgund: 9.25,
  'Napa Valley': 6.75,
  'Ribera del Duero': 9.75,
  Piemont: 12,
  Rhône: 9,
};
