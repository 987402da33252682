import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OfferFilterListsQuery } from '../../src/api/graphql.generated';
import { defaultOfferFilter, type OfferFilter } from '../../src/features/offers/model/offer-filter';
import { OfferFilters } from '../../src/features/offers/ui/OfferFilters';
import { renderWithApp } from './support/render';

const lists: OfferFilterListsQuery = {
  allCountries: [
    { id: 1, title: 'Frankreich' },
    { id: 2, title: 'Italien' },
  ],
  allRegions: [
    { id: 10, title: 'Bordeaux', country: { id: 1 } },
    { id: 20, title: 'Toskana', country: { id: 2 } },
  ],
  allSubregions: [
    { id: 100, title: 'Pauillac', region: { id: 10 } },
    { id: 200, title: 'Bolgheri', region: { id: 20 } },
  ],
  allWineries: [
    { id: 1000, title: 'Château Lafite Rothschild', region: { id: 10 }, subregion: { id: 100 } },
    { id: 2000, title: 'Tenuta San Guido', region: { id: 20 }, subregion: { id: 200 } },
  ],
  allBottleSizes: [
    { id: 1, title: '0,75 l' },
    { id: 3, title: '1,5 l' },
  ],
};

/** The panel over a filter that follows its changes, as the offers page keeps it in the URL. */
function FilterPanel({ initial, onReset }: { initial: OfferFilter; onReset: () => void }) {
  const [filter, setFilter] = useState(initial);
  const [searchText, setSearchText] = useState('');
  return (
    <>
      <OfferFilters
        filter={filter}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={(changes) => setFilter((current) => ({ ...current, ...changes }))}
        onReset={onReset}
        lists={lists}
      />
      <output aria-label="Filter">{JSON.stringify({ ...filter, search: searchText })}</output>
    </>
  );
}

const chosen = () => JSON.parse(screen.getByRole('status', { name: 'Filter' }).textContent ?? '{}');
const select = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
/** The choices of a select's list (Mantine keeps every list in the page, hidden while closed). */
const optionsOf = (label: string) =>
  within(screen.getByRole('listbox', { name: label, hidden: true }))
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);

describe('Filter der Top-Angebote', () => {
  it('shows the chosen country and bottle size by name', () => {
    const initial = { ...defaultOfferFilter(), countryId: 1, bottleSizeId: 3 };
    renderWithApp(<FilterPanel initial={initial} onReset={() => {}} />);
    expect(select('Land').value).toBe('Frankreich');
    expect(select('Flaschengröße').value).toBe('1,5 l');
    expect(select('Region').value).toBe('');
    expect(select('Region').placeholder).toBe('Alle Regionen');
  });

  it('offers only the regions and wineries of the chosen country, and a new region clears the winery', async () => {
    const initial = { ...defaultOfferFilter(), countryId: 2, wineryId: 2000 };
    const { user } = renderWithApp(<FilterPanel initial={initial} onReset={() => {}} />);
    expect(select('Weingut').value).toBe('Tenuta San Guido');
    await user.click(select('Region'));
    expect(optionsOf('Region')).toEqual(['Toskana']);
    expect(optionsOf('Weingut')).toEqual(['Tenuta San Guido']);
    await user.click(screen.getByRole('option', { name: 'Toskana', hidden: true }));
    expect(chosen()).toMatchObject({ countryId: 2, regionId: 20, subregionId: null, wineryId: null });
    expect(select('Region').value).toBe('Toskana');
    expect(select('Weingut').value).toBe('');
  });

  it('clears the places below a country taken away', async () => {
    const initial = { ...defaultOfferFilter(), countryId: 1, regionId: 10, subregionId: 100 };
    const { user } = renderWithApp(<FilterPanel initial={initial} onReset={() => {}} />);
    expect(select('Subregion').value).toBe('Pauillac');
    const country = select('Land').closest('.mantine-Select-root') as HTMLElement;
    await user.click(within(country).getByRole('button', { hidden: true }));
    expect(chosen()).toMatchObject({ countryId: null, regionId: null, subregionId: null, wineryId: null });
    expect(select('Subregion').value).toBe('');
  });

  it('takes the search text and shows the price range in euros', async () => {
    const onReset = vi.fn();
    const { user } = renderWithApp(<FilterPanel initial={defaultOfferFilter()} onReset={onReset} />);
    await user.click(screen.getByRole('searchbox', { name: 'Suche' }));
    await user.paste('Margaux');
    expect(chosen().search).toBe('Margaux');
    expect(screen.getByText('Preis pro Flasche: 0 € – 10.000 €')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
