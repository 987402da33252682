import { Affix, Button, Modal, Stack, Transition } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { type ReactNode, Suspense, useState } from 'react';
import type { OfferDetailFragment } from '../../../api/graphql.generated';
import { lazyComponent, OpenAfterMount } from '../../../components/lazy-component';
import type { CaseAmount } from '../../../domain/offer-display';
import { OfferBuyBox } from './OfferBuyBox';
import { OfferComparison, type OfferComparisonProps } from './OfferComparison';
import { OfferHeader, OfferImage, OfferSections } from './OfferSections';
import classes from './offer-layout.module.css';
import type { OfferPageMode } from './offer-links';

// The drawer (with its grape chart) loads on the first click, not with the offer page.
const OfferInfoDrawer = lazyComponent(() =>
  import('./OfferInfoDrawer').then((module) => module.OfferInfoDrawer),
);

export interface OfferViewProps {
  offer: OfferDetailFragment;
  mode: OfferPageMode;
  renderActions: (state: { amount: CaseAmount; enabled: boolean }) => ReactNode;
  /** Shown above the offer when it is sold out. */
  soldOut?: ReactNode;
  /** The action of another offer in the comparison of all offers of the wine. */
  comparisonAction?: OfferComparisonProps['renderAction'];
}

/** One offer with every section, the info drawer, the video modal and the scroll-to-top button. */
export function OfferView({ offer, mode, renderActions, soldOut, comparisonAction }: OfferViewProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const [videoOpened, video] = useDisclosure(false);
  const videoUrl = offer.availableCases > 0 ? offer.vintage.videoUrl : null;
  return (
    <Stack gap="xl">
      {soldOut}
      <OfferHeader offer={offer} />
      <div className={classes.columns}>
        <div
          className={classes.imageColumn}
          style={offer.availableCases > 0 ? undefined : { filter: 'blur(2px)' }}
        >
          <OfferImage offer={offer} />
        </div>
        <div className={classes.buyColumn}>
          <OfferBuyBox
            key={offer.id}
            offer={offer}
            renderActions={renderActions}
            onOpenDrawer={() => {
              setDrawerRequested(true);
              drawer.open();
            }}
            onOpenVideo={videoUrl ? video.open : undefined}
          />
        </div>
      </div>
      <OfferComparison offer={offer} renderAction={comparisonAction} />
      <OfferSections offer={offer} mode={mode} />
      {drawerRequested && (
        <Suspense fallback={null}>
          <OpenAfterMount opened={drawerOpened}>
            {(opened) => <OfferInfoDrawer offer={offer} opened={opened} onClose={drawer.close} />}
          </OpenAfterMount>
        </Suspense>
      )}
      {videoUrl && (
        <Modal
          opened={videoOpened}
          onClose={video.close}
          title={`${offer.vintage.wine.title} ${offer.vintage.year}`}
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': 'Schließen' }}
        >
          {/* biome-ignore lint/a11y/useMediaCaption: the demo videos carry no speech */}
          <video src={videoUrl} controls autoPlay style={{ width: '100%' }} />
        </Modal>
      )}
      <ScrollToTop />
    </Stack>
  );
}

function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > 400}>
        {(style) => (
          <Button style={style} onClick={() => scrollTo({ y: 0 })} aria-label="Nach oben scrollen">
            ↑ Nach oben
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
