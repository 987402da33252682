/** Wine critics whose scores (100-point scale) the demo vintages carry. */

export const raterTitles = [
  'Robert Parker',
  'James Suckling',
  'Vinous',
  'Wine Spectator',
  'Jeb Dunnuck',
  'Decanter',
] as const;

export type RaterTitle = (typeof raterTitles)[number];

/** Grape varieties used in the vintages' compositions. */
export const grapeTitles = [
  'Cabernet Sauvignon',
  'Merlot',
  'Cabernet Franc',
  'Petit Verdot',
  'Malbec',
  'Pinot Noir',
  'Pinot Meunier',
  'Chardonnay',
  'Sangiovese',
  'Nebbiolo',
  'Syrah',
  'Viognier',
  'Tempranillo',
] as const;

export type GrapeTitle = (typeof grapeTitles)[number];
