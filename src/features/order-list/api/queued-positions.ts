/**
 * Order positions that exist only on this device: an add queued in the outbox while offline is
 * shown on the order list at once, built from what the offer card or page showed, and counted in
 * the sums. The server's ids of the vintage, wine and winery are not known here and not shown.
 */

import type { OfferCardFragment, OrderPositionFieldsFragment } from '../../../api/graphql.generated';
import { formatEuro } from '../../../domain/money';
import { casePriceCents } from '../../../domain/offer-pricing';
import type { OrderChange, QueuedOffer } from '../model/outbox-queue';

/** What the add-to-order-list dialog needs of an offer. */
export interface OrderListOffer {
  id: number;
  /** "Château Margaux 2015": shown in the dialog and the toast. */
  title: string;
  queued: QueuedOffer;
}

/** What the add-to-order-list dialog needs of an offer (a card's, an offer page's, a comparison line's). */
type OrderableOffer = Pick<OfferCardFragment, 'id' | 'caskOf' | 'priceBtl' | 'availableCases'> & {
  resaleOrigin?: OfferCardFragment['resaleOrigin'];
  bottleSize: { title: string };
  vintage: { year: number; wine: { title: string; winery: { title: string } } };
};

/** The offer of a card or an offer page, as the add-to-order-list dialog takes it. */
export function orderListOffer(offer: OrderableOffer): OrderListOffer {
  const { vintage } = offer;
  return {
    id: offer.id,
    title: `${vintage.wine.title} ${vintage.year}`,
    queued: {
      caskOf: offer.caskOf,
      priceBtl: offer.priceBtl,
      year: vintage.year,
      bottleSize: offer.bottleSize.title,
      winery: vintage.wine.winery.title,
      availableCases: offer.availableCases,
      resaleOrigin: offer.resaleOrigin ?? null,
    },
  };
}

/** The pending position of a queued add, or undefined for an add queued without the offer's data. */
export function queuedOrderPosition(
  change: Extract<OrderChange, { kind: 'create' }>,
  temporaryId: number,
  queuedAt: number,
): OrderPositionFieldsFragment | undefined {
  const { offer } = change;
  if (!offer) return undefined;
  const bottlePrice = formatEuro(casePriceCents(offer.priceBtl, 1));
  const casePrice = formatEuro(casePriceCents(offer.priceBtl, offer.caskOf));
  return {
    id: temporaryId,
    amount: change.amount,
    conditionReport: false,
    datetimeAdded: new Date(queuedAt).toISOString(),
    fromRecommendation: null,
    // Added from an offer card or page: the catalogue price.
    agreedPriceBtl: null,
    priceBtl: offer.priceBtl,
    priceBtlStr: bottlePrice,
    priceCaseStr: casePrice,
    offer: {
      id: change.offerId,
      caskOf: offer.caskOf,
      sellPriceBtl: offer.priceBtl,
      priceBtlStr: bottlePrice,
      sellPriceCaseStr: casePrice,
      // What the offer had when the add was queued (the amount, for adds queued by older builds).
      availableCases: Math.max(change.amount, offer.availableCases ?? change.amount),
      bottleSize: { id: 0, title: offer.bottleSize },
      secondaryMarket: Boolean(offer.resaleOrigin),
      resaleOrigin: offer.resaleOrigin
        ? { ...offer.resaleOrigin, conditionReportUrl: offer.resaleOrigin.conditionReportUrl ?? null }
        : null,
      vintage: {
        id: 0,
        title: change.title,
        year: offer.year,
        lwin11: '',
        image: null,
        wine: { id: 0, title: change.title, winery: { id: 0, title: offer.winery } },
      },
    },
  };
}
