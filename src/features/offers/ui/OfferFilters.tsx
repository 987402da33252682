import { Button, Grid, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import type { OfferFilterListsQuery } from '../../../api/graphql.generated';
import { currentYear, type OfferFilter, PRICE_MAX, PRICE_MIN, YEAR_MIN } from '../model/offer-filter';
import { RangeFilter } from './RangeFilter';

export interface OfferFiltersProps {
  filter: OfferFilter;
  /** The search text as typed (the URL follows it debounced). */
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (changes: Partial<OfferFilter>) => void;
  onReset: () => void;
  lists: OfferFilterListsQuery | undefined;
}

const toOption = (row: { id: number; title: string }) => ({ value: String(row.id), label: row.title });
const toId = (value: string | null) => (value ? Number(value) : null);
const euro = (value: number) => `${value.toLocaleString('de-DE')} €`;

/** Search text, country, region, subregion, winery, year range, price range and bottle size. */
export function OfferFilters({
  filter,
  searchText,
  onSearchText,
  onChange,
  onReset,
  lists,
}: OfferFiltersProps) {
  const options = useMemo(() => {
    const regions = (lists?.allRegions ?? []).filter(
      (region) => filter.countryId === null || region.country.id === filter.countryId,
    );
    const regionIds = new Set(regions.map((region) => region.id));
    const subregions = (lists?.allSubregions ?? []).filter((subregion) =>
      filter.regionId === null ? regionIds.has(subregion.region.id) : subregion.region.id === filter.regionId,
    );
    const wineries = (lists?.allWineries ?? []).filter(
      (winery) =>
        regionIds.has(winery.region.id) &&
        (filter.regionId === null || winery.region.id === filter.regionId) &&
        (filter.subregionId === null || winery.subregion?.id === filter.subregionId),
    );
    return {
      countries: (lists?.allCountries ?? []).map(toOption),
      regions: regions.map(toOption),
      subregions: subregions.map(toOption),
      wineries: wineries.map(toOption),
      bottleSizes: (lists?.allBottleSizes ?? []).map(toOption),
    };
  }, [lists, filter.countryId, filter.regionId, filter.subregionId]);

  return (
    <Stack gap="md">
      <TextInput
        label="Suche"
        placeholder="Wein suchen, z. B. Château Margaux"
        value={searchText}
        onChange={(event) => onSearchText(event.currentTarget.value)}
        type="search"
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.4 }}>
          <Select
            label="Land"
            placeholder="Alle Länder"
            data={options.countries}
            value={filter.countryId === null ? null : String(filter.countryId)}
            onChange={(value) =>
              onChange({ countryId: toId(value), regionId: null, subregionId: null, wineryId: null })
            }
            clearable
            searchable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.4 }}>
          <Select
            label="Region"
            placeholder="Alle Regionen"
            data={options.regions}
            value={filter.regionId === null ? null : String(filter.regionId)}
            onChange={(value) => onChange({ regionId: toId(value), subregionId: null, wineryId: null })}
            clearable
            searchable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.4 }}>
          <Select
            label="Subregion"
            placeholder="Alle Subregionen"
            data={options.subregions}
            value={filter.subregionId === null ? null : String(filter.subregionId)}
            onChange={(value) => onChange({ subregionId: toId(value), wineryId: null })}
            clearable
            searchable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.4 }}>
          <Select
            label="Weingut"
            placeholder="Alle Weingüter"
            data={options.wineries}
            value={filter.wineryId === null ? null : String(filter.wineryId)}
            onChange={(value) => onChange({ wineryId: toId(value) })}
            clearable
            searchable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.4 }}>
          <Select
            label="Flaschengröße"
            placeholder="Alle Größen"
            data={options.bottleSizes}
            value={filter.bottleSizeId === null ? null : String(filter.bottleSizeId)}
            onChange={(value) => onChange({ bottleSizeId: toId(value) })}
            clearable
          />
        </Grid.Col>
      </Grid>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <RangeFilter
            key={`year-${filter.yearMin}-${filter.yearMax}`}
            label="Jahrgang"
            min={YEAR_MIN}
            max={currentYear()}
            value={[filter.yearMin, filter.yearMax]}
            onCommit={([yearMin, yearMax]) => onChange({ yearMin, yearMax })}
            thumbLabels={['Jahrgang von', 'Jahrgang bis']}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <RangeFilter
            key={`price-${filter.priceMin}-${filter.priceMax}`}
            label="Preis pro Flasche"
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={50}
            value={[filter.priceMin, filter.priceMax]}
            onCommit={([priceMin, priceMax]) => onChange({ priceMin, priceMax })}
            format={euro}
            thumbLabels={['Preis von', 'Preis bis']}
          />
        </Grid.Col>
      </Grid>
      <div>
        <Button variant="subtle" onClick={onReset}>
          Filter zurücksetzen
        </Button>
      </div>
    </Stack>
  );
}
