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
import { useOfferFilterLists } from '../api/offers';
import {
  activeFilterCount,
  defaultOfferFilter,
  type OfferFilter,
  offerFilterToParams,
  parseOfferFilter,
} from '../model/offer-filter';
import { OfferCard } from './OfferCard';
import { OfferFilters } from './OfferFilters';
import { useDebouncedSearch } from './search-debounce';
import { useOfferSearch } from './use-offer-search';

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
        <Stack gap="xl" aria-busy={results.isFetching}>
          {results.filteredOffline && (
            <Text c="dimmed" fz="sm" role="status">
              Offline: gefiltert aus den zuletzt geladenen Angeboten.
            </Text>
          )}
          <OfferList
            title="Verfügbare Angebote"
            offers={results.data.available.filter((offer) => canBuy(offer.availableCases))}
            empty="Keine verfügbaren Angebote für diese Filter."
          />
          <SoldOutList offers={results.data.available.filter((offer) => !canBuy(offer.availableCases))} />
          <OfferList
            title="Auf Anfrage"
            offers={results.data.onRequest}
            empty="Keine Angebote auf Anfrage für diese Filter."
          />
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

/** Sold-out offers are neither counted nor listed as available: their own section, only when there are any. */
function SoldOutList({ offers }: { offers: OfferCardFragment[] }) {
  if (offers.length === 0) return null;
  return <OfferList title="Ausverkauft" offers={offers} empty="" />;
}

function OfferList({ title, offers, empty }: { title: string; offers: OfferCardFragment[]; empty: string }) {
  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title} ({offers.length})
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
