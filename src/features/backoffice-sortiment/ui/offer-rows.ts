import { bottleSizeLabel, latestValuation, marginPercent } from '../../../domain/backoffice-tranches';
import type { SortimentOffer, SortimentTranche } from '../api/backoffice-sortiment';

/** One row of the offer table: the offer with the figures the columns show and sort by. */
export interface OfferRow {
  id: number;
  offer: SortimentOffer;
  wine: string;
  /** "" for the default 0,75l with 6 per case. */
  bottle: string;
  caskOf: number;
  sellPriceBtl: string;
  /** The newest tranche: its EKP is the offer's current purchase price. */
  currentTranche: SortimentTranche | null;
  buyPriceBtl: string | null;
  margin: number | null;
  /** Latest valuation per bottle in cents. */
  valuation: number | null;
  valuationGain: number | null;
  available: number;
  total: number;
  promoteOffer: boolean;
  archived: boolean;
  tranches: SortimentTranche[];
}

const createdAt = (tranche: SortimentTranche) =>
  tranche.datetimeCreated ? Date.parse(tranche.datetimeCreated) : 0;

/** Tranches newest first (by creation, then id). */
export function tranchesNewestFirst(tranches: readonly SortimentTranche[]): SortimentTranche[] {
  return [...tranches].sort((a, b) => createdAt(b) - createdAt(a) || b.id - a.id);
}

export function offerRow(offer: SortimentOffer): OfferRow {
  const tranches = tranchesNewestFirst(offer.partialOfferRel);
  const currentTranche = tranches[0] ?? null;
  const buyPriceBtl = currentTranche?.buyPriceBtl ?? null;
  const valuation = latestValuation(
    offer.vintage.valuationRel,
    offer.bottleSize.factorForLiterPrices,
    buyPriceBtl,
  );
  return {
    id: offer.id,
    offer,
    wine: `${offer.vintage.title} ${offer.vintage.year}`,
    bottle: bottleSizeLabel(offer.bottleSize, offer.caskOf),
    caskOf: offer.caskOf,
    sellPriceBtl: offer.sellPriceBtl,
    currentTranche,
    buyPriceBtl,
    margin: buyPriceBtl ? marginPercent(offer.sellPriceBtl, buyPriceBtl) : null,
    valuation: valuation?.valueBtl ?? null,
    valuationGain: valuation?.gainPercent ?? null,
    available: offer.availableCases,
    total: offer.totalQuantityAvailable,
    promoteOffer: offer.promoteOffer,
    archived: offer.archived,
    tranches,
  };
}
