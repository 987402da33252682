import { Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { ErrorHeading } from '../../../components/discovery/QueryStates';
import { carouselDeals, initialCarouselIndex, offerRedirectLwin11 } from '../../../domain/offer-display';
import { useOfferPage } from '../api/offers';
import { HotDealSelector } from './HotDealSelector';
import { OfferView, type OfferViewProps } from './OfferView';
import { type OfferPageMode, offerPath } from './offer-links';
import { SoldOutView } from './SoldOutView';

export interface OfferPageBodyProps {
  mode: OfferPageMode;
  /** The requested lwin11; without one the hot-deal carousel is shown. */
  lwin11: string | null;
  renderActions: (offer: OfferDetailFragment) => OfferViewProps['renderActions'];
  /** Extra content of the sold-out view (inform-me notice, contact). */
  soldOutExtras?: (offer: OfferDetailFragment | null) => ReactNode;
  /** Shown when no offer with cases exists at all. */
  noDeals: ReactNode;
  /** The action of another offer in the comparison of all offers of the wine. */
  comparisonAction?: OfferViewProps['comparisonAction'];
}

/** Loads the offer page and applies its rules: redirect, sold-out view, hot-deal carousel. */
export function OfferPageBody({
  mode,
  lwin11,
  renderActions,
  soldOutExtras,
  noDeals,
  comparisonAction,
}: OfferPageBodyProps) {
  const page = useOfferPage(lwin11);
  if (page.isPending) return <FullScreenSpinner />;
  if (page.isError) return <ErrorHeading />;
  const { offer, hotDeals, hotDealCount, firstAvailableLwin11, newestLwin11 } = page.data;
  const currentOfferPath = newestLwin11 ? offerPath(mode, newestLwin11) : null;

  if (!lwin11)
    return (
      <HotDeals
        key="hot-deals"
        mode={mode}
        hotDeals={hotDeals}
        hotDealCount={hotDealCount}
        renderActions={renderActions}
        noDeals={noDeals}
        comparisonAction={comparisonAction}
      />
    );

  if (!offer) {
    const redirectLwin11 = offerRedirectLwin11(lwin11, false, firstAvailableLwin11);
    if (redirectLwin11) return <Navigate to={offerPath(mode, redirectLwin11)} replace />;
    return <SoldOutView currentOfferPath={currentOfferPath}>{soldOutExtras?.(null)}</SoldOutView>;
  }
  const soldOut =
    offer.availableCases > 0 ? undefined : (
      <SoldOutView currentOfferPath={newestLwin11 !== lwin11 ? currentOfferPath : null}>
        {soldOutExtras?.(offer)}
      </SoldOutView>
    );
  return (
    <OfferView
      offer={offer}
      mode={mode}
      renderActions={renderActions(offer)}
      soldOut={soldOut}
      comparisonAction={comparisonAction}
    />
  );
}

function HotDeals({
  mode,
  hotDeals,
  hotDealCount,
  renderActions,
  noDeals,
  comparisonAction,
}: {
  mode: OfferPageMode;
  /** The newest offers with cases (at most 3, oldest first). */
  hotDeals: OfferDetailFragment[];
  /** How many offers have cases at all: decides the initial tile. */
  hotDealCount: number;
  renderActions: OfferPageBodyProps['renderActions'];
  noDeals: ReactNode;
  comparisonAction?: OfferPageBodyProps['comparisonAction'];
}) {
  const deals = carouselDeals(hotDeals);
  const [index, setIndex] = useState(() => Math.min(initialCarouselIndex(hotDealCount), deals.length - 1));
  const deal = deals[index];
  if (!deal) return <>{noDeals}</>;
  const select = (next: number) => {
    setIndex(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Aktuelle Direkt-Allokationen
      </Text>
      <HotDealSelector deals={deals} selectedIndex={index} onSelect={select} />
      <OfferView
        key={deal.id}
        offer={deal}
        mode={mode}
        renderActions={renderActions(deal)}
        comparisonAction={comparisonAction}
      />
    </Stack>
  );
}

/** The offer page loads behind a spinner covering the whole screen. */
function FullScreenSpinner() {
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="rgba(255, 255, 255, 0.85)"
      style={{ zIndex: 300 }}
      role="status"
      aria-label="Angebot wird geladen"
    >
      <Loader size="xl" />
    </Center>
  );
}
