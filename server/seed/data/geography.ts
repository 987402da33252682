/** Countries, wine regions and subregions (with soil shares in percent) of the demo catalogue. */

export interface CountrySeed {
  title: string;
  code: string;
}

export interface RegionSeed {
  title: string;
  countryCode: string;
  /** Short German caption for the generated region image. */
  caption: string;
}

export interface SubregionSeed {
  title: string;
  region: string;
  soil: { slate?: number; clay?: number; mud?: number; lime?: number; sand?: number; chalk?: number };
}

export const countrySeeds: readonly CountrySeed[] = [
  { title: 'Frankreich', code: 'FR' },
  { title: 'Italien', code: 'IT' },
  { title: 'USA', code: 'US' },
  { title: 'Spanien', code: 'ES' },
];

export const regionSeeds: readonly RegionSeed[] = [
  { title: 'Bordeaux', countryCode: 'FR', caption: 'Linkes und rechtes Ufer der Gironde' },
  { title: 'Burgund', countryCode: 'FR', caption: 'Côte d’Or zwischen Dijon und Santenay' },
  { title: 'Champagne', countryCode: 'FR', caption: 'Kreidekeller von Reims und Épernay' },
  { title: 'Rhône', countryCode: 'FR', caption: 'Steile Granithänge der nördlichen Rhône' },
  { title: 'Toskana', countryCode: 'IT', caption: 'Von der Küste Bolgheris bis Montalcino' },
  { title: 'Piemont', countryCode: 'IT', caption: 'Die Hügel der Langhe rund um Alba' },
  { title: 'Napa Valley', countryCode: 'US', caption: 'Das Tal der Kultweine nördlich von San Francisco' },
  { title: 'Ribera del Duero', countryCode: 'ES', caption: 'Hochplateau am Ufer des Duero' },
];

export const subregionSeeds: readonly SubregionSeed[] = [
  { title: 'Pauillac', region: 'Bordeaux', soil: { sand: 45, clay: 25, lime: 20, mud: 10 } },
  { title: 'Margaux', region: 'Bordeaux', soil: { sand: 50, clay: 20, lime: 15, mud: 15 } },
  { title: 'Saint-Émilion', region: 'Bordeaux', soil: { lime: 45, clay: 35, sand: 20 } },
  { title: 'Pomerol', region: 'Bordeaux', soil: { clay: 60, sand: 25, mud: 15 } },
  { title: 'Côte de Nuits', region: 'Burgund', soil: { lime: 55, clay: 30, mud: 15 } },
  { title: 'Côte de Beaune', region: 'Burgund', soil: { lime: 50, clay: 30, mud: 10, sand: 10 } },
  { title: 'Montagne de Reims', region: 'Champagne', soil: { chalk: 70, clay: 15, sand: 15 } },
  { title: 'Vallée de la Marne', region: 'Champagne', soil: { chalk: 40, clay: 35, sand: 25 } },
  { title: 'Hermitage', region: 'Rhône', soil: { sand: 40, clay: 25, lime: 20, mud: 15 } },
  { title: 'Côte-Rôtie', region: 'Rhône', soil: { slate: 60, sand: 20, clay: 20 } },
  { title: 'Bolgheri', region: 'Toskana', soil: { clay: 35, sand: 30, lime: 25, mud: 10 } },
  { title: 'Montalcino', region: 'Toskana', soil: { lime: 40, clay: 35, slate: 15, sand: 10 } },
  { title: 'Barolo', region: 'Piemont', soil: { lime: 45, clay: 30, sand: 15, mud: 10 } },
  { title: 'Barbaresco', region: 'Piemont', soil: { lime: 50, clay: 35, sand: 15 } },
  { title: 'Oakville', region: 'Napa Valley', soil: { mud: 35, sand: 30, clay: 25, lime: 10 } },
  { title: 'Valbuena de Duero', region: 'Ribera del Duero', soil: { lime: 40, clay: 30, sand: 30 } },
  { title: 'La Horra', region: 'Ribera del Duero', soil: { clay: 45, lime: 35, sand: 20 } },
];
