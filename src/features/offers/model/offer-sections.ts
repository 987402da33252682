/** What the sections of an offer page list: its details and its investment highlights. */

/** The parts of an offer's vintage the sections read (a structural slice of the offer fragment). */
export interface OfferSectionsVintage {
  year: number;
  alc?: string | null;
  production?: number | null;
  drinkingMaturityFrom?: number | null;
  drinkingMaturityTo?: number | null;
  referenceYear: number | null;
  referenceKpi: number | null;
  grapePercentageRel: readonly { grape: { title: string } }[];
  ratRel: readonly { score: number; rater: { title: string } }[];
  gwsRecord?: { score: number } | null;
  wine: {
    subregion?: { title: string } | null;
    classification?: { title: string } | null;
    winery: {
      title: string;
      grapeVarieties?: string | null;
      subregion?: { title: string } | null;
      classification?: { title: string } | null;
      region: { title: string; country: { title: string } };
    };
  };
}

/** The "Details" section's label and value pairs; a value the offer lacks is left out. */
export function offerDetails(vintage: OfferSectionsVintage): [string, string][] {
  const { wine } = vintage;
  const { winery } = wine;
  const details: [string, string | null | undefined][] = [
    ['Weingut', winery.title],
    ['Land', winery.region.country.title],
    ['Region', winery.region.title],
    ['Subregion', wine.subregion?.title ?? winery.subregion?.title ?? null],
    ['Klassifikation', wine.classification?.title ?? winery.classification?.title ?? null],
    ['Jahrgang', String(vintage.year)],
    [
      'Rebsorten',
      vintage.grapePercentageRel.map((share) => share.grape.title).join(', ') || winery.grapeVarieties,
    ],
    ['Alkohol', vintage.alc ? `${vintage.alc.replace('.', ',')} Vol.-%` : null],
    ['Produktion', vintage.production ? `${vintage.production.toLocaleString('de-DE')} Flaschen` : null],
    [
      'Trinkreife',
      vintage.drinkingMaturityFrom
        ? `${vintage.drinkingMaturityFrom}${vintage.drinkingMaturityTo ? `–${vintage.drinkingMaturityTo}` : ''}`
        : null,
    ],
  ];
  return details.filter((entry): entry is [string, string] => Boolean(entry[1]));
}

/** Whether the page has a "Referenzjahrgang" section: the vintage names a reference year or gain. */
export function hasReferenceVintage(
  vintage: Pick<OfferSectionsVintage, 'referenceYear' | 'referenceKpi'>,
): boolean {
  return vintage.referenceYear !== null || vintage.referenceKpi !== null;
}
