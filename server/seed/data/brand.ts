/** Brand images looked up by title (logo, storage, start page). */

export type BrandMotif = 'logo' | 'warehouse' | 'hero' | 'cellar' | 'advice';

export interface BrandImageSeed {
  title: string;
  slug: string;
  motif: BrandMotif;
  headline: string;
  caption: string;
}

export const brandImageSeeds: readonly BrandImageSeed[] = [
  {
    title: 'Logo',
    slug: 'logo',
    motif: 'logo',
    headline: 'Weindepot',
    caption: 'Feine Weine als Wertanlage',
  },
  {
    title: 'Lager Genf',
    slug: 'lager-genf',
    motif: 'warehouse',
    headline: 'Zollfreilager Genf',
    caption: '13,5 °C · 70 % Luftfeuchtigkeit · 100 % versichert',
  },
  {
    title: 'Startseite Hero',
    slug: 'startseite-hero',
    motif: 'hero',
    headline: 'Ihr Weindepot',
    caption: 'Limitierte Spitzenweine, sicher gelagert in der Schweiz',
  },
  {
    title: 'Weinkeller',
    slug: 'weinkeller',
    motif: 'cellar',
    headline: 'Perfekte Provenienz',
    caption: 'Jede Kiste lückenlos dokumentiert',
  },
  {
    title: 'Beratung',
    slug: 'beratung',
    motif: 'advice',
    headline: 'Persönliche Beratung',
    caption: 'Wir stellen Ihr Portfolio gemeinsam mit Ihnen zusammen',
  },
];
