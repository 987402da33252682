import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryFailure } from '../../components/offline/OfflineUnavailable';
import {
  defaultOfferFilter,
  type OfferFilter,
  offerFilterToParams,
  parseOfferFilter,
} from '../../domain/offer-filter';
import type { OfferCardFragment } from '../../queries/graphql.generated';
import { useOfferFilterLists } from '../../queries/offers';
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
      <PortfolioDevelopmentHint />
      <Paper withBorder radius="md" p="lg" component="search" aria-label="Angebote filtern">
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
      </Paper>
      {results.isPending ? (
        <Center mih={200} role="status" aria-label="Angebote werden geladen">
          <Loader />
        </Center>
      ) : results.isError ? (
        <QueryFailure>
          <Alert color="red" title="Error">
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
            offers={results.data.available}
            empty="Keine verfügbaren Angebote für diese Filter."
          />
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
