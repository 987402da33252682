import {
  Alert,
  Badge,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OfferCardFragment } from '../../../api/graphql.generated';
import { QueryFailure } from '../../../components/offline/OfflineUnavailable';
import { RiskNotice } from '../../../components/RiskNotice';
import { LOAD_ERROR } from '../../../domain/error-texts';
import { canBuy } from '../../../domain/offer-display';
import { type FoundOffers, useOfferFilterLists } from '../api/offers';
import { type MoreOffers as MoreOffersState, useOfferSearch } from '../api/use-offer-search';
import {
  activeFilterCount,
  defaultOfferFilter,
  type OfferFilter,
  offerFilterToParams,
  parseOfferFilter,
} from '../model/offer-filter';
import { MoreOffers } from './MoreOffers';
import { OfferCard } from './OfferCard';
import { OfferFilters } from './OfferFilters';
import { useDebouncedSearch } from './search-debounce';

/** `/admin/weinangebot`: the offer search over promoted offers; the filter lives in the URL. */
export function OffersScreen() {
  useDocumentTitle('Top Angebote – Weindepot');
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseOfferFilter(params), [params]);
  const [searchText, setSearchText] = useState(filter.search);
  const debouncedSearch = useDebouncedSearch(searchText);

  const update = (changes: Partial<OfferFilter>) =>
    setParams(offerFilterToParams({ ...filter, ...changes }), { replace: true });

  // Only a new debounced text goes into the URL; a reset or another filter never brings an old text back.
  const committedSearch = useRef(debouncedSearch);
  useEffect(() => {
    if (debouncedSearch === committedSearch.current) return;
    committedSearch.current = debouncedSearch;
    setParams((current) => offerFilterToParams({ ...parseOfferFilter(current), search: debouncedSearch }), {
      replace: true,
    });
  }, [debouncedSearch, setParams]);

  // A search changed from outside (e.g. the sidebar link to the plain page) replaces the typed text.
  useEffect(() => {
    const committed = committedSearch.current.trim() ? committedSearch.current : '';
    if (filter.search === committed) return;
    committedSearch.current = filter.search;
    setSearchText(filter.search);
  }, [filter.search]);

  const lists = useOfferFilterLists();
  const results = useOfferSearch(filter);

  return (
    <Stack gap="xl">
      <Title order={1}>Top Angebote</Title>
      <RiskNotice />
      <PortfolioDevelopmentHint />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="search"
        aria-label="Angebote filtern"
      >
        <PhoneFilterToggle count={activeFilterCount(filter)}>
          <OfferFilters
            filter={filter}
            searchText={searchText}
            onSearchText={setSearchText}
            onChange={update}
            onReset={() => {
              setSearchText('');
              setParams(offerFilterToParams(defaultOfferFilter()), { replace: true });
            }}
            lists={lists.data}
          />
        </PhoneFilterToggle>
      </Paper>
      {results.isPending ? (
        <Center mih={200} role="status" aria-label="Angebote werden geladen">
          <Loader />
        </Center>
      ) : results.isError ? (
        <QueryFailure>
          <Alert color="red" title={LOAD_ERROR}>
            Die Angebote konnten nicht geladen werden. Bitte versuchen Sie es später erneut.
          </Alert>
        </QueryFailure>
      ) : (
        // No scroll anchoring in the list: a page's offers join the first section, above the end
        // the client scrolled to; anchored there, the end would stay in view and ask for page
        // after page. Unanchored, the new offers move into view and the end away.
        <Stack gap="xl" aria-busy={results.isFetching} style={{ overflowAnchor: 'none' }}>
          {results.filteredOffline && (
            <Text c="dimmed" fz="sm" role="status">
              Offline: gefiltert aus den zuletzt geladenen Angeboten.
            </Text>
          )}
          <OfferSections offers={results.data} more={results.more} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * On a phone the filters sit behind one "Filter" button that shows how many are active, so the
 * offers start on the first screen; from the `sm` breakpoint on they are always open.
 */
function PhoneFilterToggle({ count, children }: { count: number; children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  if (!phone) return children;
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        fullWidth
        onClick={() => setOpened((open) => !open)}
        aria-expanded={opened}
        aria-controls="offer-filters"
        rightSection={
          count > 0 ? (
            <Badge circle aria-label={`${count} aktiv`}>
              {count}
            </Badge>
          ) : undefined
        }
      >
        Filter
      </Button>
      <Collapse expanded={opened} id="offer-filters">
        {children}
      </Collapse>
    </Stack>
  );
}

/** "Portfolio ausbauen" leads here; the automatic composition is one click away. */
function PortfolioDevelopmentHint() {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Keine Zeit zum Stöbern? Lassen Sie sich aus Ihrem Anlegerprofil ein passendes Portfolio
          zusammenstellen.
        </Text>
        <Button component={Link} to="/admin/portfolio-entwicklung" variant="light" size="sm">
          Intelligente Portfolioentwicklung
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The offers found, in the sections of the spec. A section's heading counts its offers only when
 * every page is loaded; before, the end of the list says how many are shown.
 */
function OfferSections({ offers, more }: { offers: FoundOffers; more: MoreOffersState }) {
  const shown = offers.available.length + offers.onRequest.length;
  const complete = !more.hasMore && !more.waitsForConnection;
  const soldOut = offers.available.filter((offer) => !canBuy(offer.availableCases));
  return (
    <>
      <OfferList
        title="Verfügbare Angebote"
        offers={offers.available.filter((offer) => canBuy(offer.availableCases))}
        counted={complete}
        empty="Keine verfügbaren Angebote für diese Filter."
      />
      {soldOut.length > 0 && <OfferList title="Ausverkauft" offers={soldOut} counted={complete} empty="" />}
      <OfferList
        title="Auf Anfrage"
        offers={offers.onRequest}
        counted={complete}
        empty="Keine Angebote auf Anfrage für diese Filter."
      />
      <MoreOffers more={more} shown={shown} />
    </>
  );
}

function OfferList({
  title,
  offers,
  counted,
  empty,
}: {
  title: string;
  offers: OfferCardFragment[];
  /** Whether the heading counts the offers (all pages loaded). */
  counted: boolean;
  empty: string;
}) {
  // Before the last page, an empty section may still fill: it says nothing yet.
  if (!counted && offers.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {counted ? `${title} (${offers.length})` : title}
      </Title>
      {offers.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
