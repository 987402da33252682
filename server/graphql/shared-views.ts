/** Answers that several resolvers build the same way (resolvers never import each other). */

import { availableCases } from '../../src/domain/offer-pricing';
import { type CostSummary, costSummaryStrings } from '../../src/domain/order-costs';
import type { Loaders } from './loaders';
import type { OfferModel } from './models';

/** The summary in cents plus its '1.234,56 €' strings (GraphQL `CostSummary`). */
export function costSummaryView(summary: CostSummary) {
  return { ...summary, ...costSummaryStrings(summary) };
}

/** The first offer (in the given order) whose tranches still hold cases; batched per request. */
export async function firstOfferWithStock(
  candidates: readonly OfferModel[],
  loaders: Loaders,
): Promise<OfferModel | null> {
  const tranches = await Promise.all(candidates.map((offer) => loaders.partialOffersByOffer.load(offer.id)));
  return candidates.find((_offer, index) => availableCases(tranches[index] ?? []) > 0) ?? null;
}

/** The address of a Zweitmarkt sale's settlement PDF (the sell order's and each sold position's). */
export function settlementPdfUrl(publicUrl: string, settlementToken: string | null, casesSold: number) {
  return settlementToken && casesSold > 0 ? `${publicUrl}/settlement/${settlementToken}` : null;
}
