import { Button, Grid, Select, Stack, TextInput } from '@mantine/core';
import type { OfferFilterListsQuery } from '../../../api/graphql.generated';
import { useOfferFiltersView } from '../api/offer-filters-view';
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
  const view = useOfferFiltersView(filter, lists, onChange);
  const { options } = view;
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
        <FilterSelect label="Land" placeholder="Alle Länder" data={options.countries} {...view.country} />
        <FilterSelect label="Region" placeholder="Alle Regionen" data={options.regions} {...view.region} />
        <FilterSelect
          label="Subregion"
          placeholder="Alle Subregionen"
          data={options.subregions}
          {...view.subregion}
        />
        <FilterSelect label="Weingut" placeholder="Alle Weingüter" data={options.wineries} {...view.winery} />
        <FilterSelect
          label="Flaschengröße"
          placeholder="Alle Größen"
          data={options.bottleSizes}
          searchable={false}
          {...view.bottleSize}
        />
      </Grid>
      <RangeFilters filter={filter} onChange={onChange} />
      <div>
        <Button variant="subtle" onClick={onReset}>
          Filter zurücksetzen
        </Button>
      </div>
    </Stack>
  );
}

/** One select of the filter grid, clearable; searchable unless told otherwise. */
function FilterSelect({
  searchable = true,
  ...select
}: {
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  searchable?: boolean;
}) {
  return (
    <Grid.Col span={{ base: 12, sm: 6, lg: 2.4 }}>
      <Select {...select} clearable searchable={searchable} />
    </Grid.Col>
  );
}

/** The year and price ranges; each is committed when its slider is let go. */
function RangeFilters({
  filter,
  onChange,
}: {
  filter: OfferFilter;
  onChange: (changes: Partial<OfferFilter>) => void;
}) {
  return (
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
  );
}
