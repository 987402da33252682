/** Geography, classifications, critics, grapes, wineries and wines. */
import {
  classifications,
  countries,
  grapes,
  raters,
  regions,
  subregions,
  wineries,
  wines,
} from '../../db/schema';
import { countrySeeds, regionSeeds, subregionSeeds } from '../data/geography';
import { grapeTitles, raterTitles } from '../data/raters';
import { winerySeeds } from '../data/wineries';
import { wineSeeds } from '../data/wines';
import { lookup } from '../derive/catalogue';
import { unidecode } from '../deterministic';
import { CAROUSEL_VARIANTS, mediaPath, mediaUrl } from '../media/paths';
import { indexRows, type SeedContext } from './context';

async function insertGeography({ tx, ids }: SeedContext): Promise<void> {
  const countryRows = await tx
    .insert(countries)
    .values(countrySeeds.map((country) => ({ title: country.title, code: country.code })))
    .returning({ id: countries.id, code: countries.code });
  indexRows(ids.countries, countryRows, (row) => row.code);

  const regionRows = await tx
    .insert(regions)
    .values(
      regionSeeds.map((region) => ({
        title: region.title,
        countryId: lookup(ids.countries, region.countryCode, 'Land'),
        image: mediaUrl(mediaPath.region(region.title)),
      })),
    )
    .returning({ id: regions.id, title: regions.title });
  indexRows(ids.regions, regionRows, (row) => row.title);

  const subregionRows = await tx
    .insert(subregions)
    .values(
      subregionSeeds.map((subregion) => ({
        title: subregion.title,
        regionId: lookup(ids.regions, subregion.region, 'Region'),
        ...subregion.soil,
      })),
    )
    .returning({ id: subregions.id, title: subregions.title });
  indexRows(ids.subregions, subregionRows, (row) => row.title);
}

async function insertReferenceLists({ tx, ids }: SeedContext): Promise<void> {
  const classificationTitles = [
    ...new Set([
      ...winerySeeds.map((winery) => winery.classification),
      ...wineSeeds.map((wine) => wine.classification),
    ]),
  ];
  const classificationRows = await tx
    .insert(classifications)
    .values(classificationTitles.map((title) => ({ title })))
    .returning({ id: classifications.id, title: classifications.title });
  indexRows(ids.classifications, classificationRows, (row) => row.title);

  const raterRows = await tx
    .insert(raters)
    .values(raterTitles.map((title) => ({ title, image: mediaUrl(mediaPath.rater(title)) })))
    .returning({ id: raters.id, title: raters.title });
  indexRows(ids.raters, raterRows, (row) => row.title);

  const grapeRows = await tx
    .insert(grapes)
    .values(grapeTitles.map((title) => ({ title })))
    .returning({ id: grapes.id, title: grapes.title });
  indexRows(ids.grapes, grapeRows, (row) => row.title);
}

async function insertWineriesAndWines({ tx, ids }: SeedContext): Promise<void> {
  const wineryRows = await tx
    .insert(wineries)
    .values(
      winerySeeds.map((winery) => ({
        title: winery.title,
        titleUnidecoded: unidecode(winery.title),
        description: winery.description,
        production: winery.production,
        owner: winery.owner,
        address: winery.address,
        longitude: winery.longitude,
        latitude: winery.latitude,
        classificationId: lookup(ids.classifications, winery.classification, 'Klassifikation'),
        logoImage: mediaUrl(mediaPath.wineryLogo(winery.key)),
        wineryImage: mediaUrl(mediaPath.wineryImage(winery.key)),
        carouselImages: CAROUSEL_VARIANTS.map((variant) =>
          mediaUrl(mediaPath.wineryCarousel(winery.key, variant)),
        ),
        regionId: lookup(ids.regions, winery.region, 'Region'),
        subregionId: lookup(ids.subregions, winery.subregion, 'Subregion'),
        grapeVarieties: winery.grapeVarieties,
        promote: winery.promote,
      })),
    )
    .returning({ id: wineries.id, title: wineries.title });
  const keyByTitle = new Map(winerySeeds.map((winery) => [winery.title, winery.key]));
  indexRows(ids.wineries, wineryRows, (row) => lookup(keyByTitle, row.title, 'Weingut'));

  const wineRows = await tx
    .insert(wines)
    .values(
      wineSeeds.map((wine) => ({
        title: wine.title,
        titleUnidecoded: unidecode(wine.title),
        lwin: wine.lwin,
        group: wine.group,
        isFirstWine: wine.isFirstWine,
        classificationId: lookup(ids.classifications, wine.classification, 'Klassifikation'),
        image: mediaUrl(mediaPath.wine(wine.lwin)),
        description: wine.description,
        subregionId: lookup(ids.subregions, wine.subregion, 'Subregion'),
        wineryId: lookup(ids.wineries, wine.winery, 'Weingut'),
      })),
    )
    .returning({ id: wines.id, lwin: wines.lwin });
  const keyByLwin = new Map(wineSeeds.map((wine) => [wine.lwin, wine.key]));
  indexRows(ids.wines, wineRows, (row) => lookup(keyByLwin, row.lwin, 'LWIN'));
}

export async function insertCatalogue(context: SeedContext): Promise<void> {
  await insertGeography(context);
  await insertReferenceLists(context);
  await insertWineriesAndWines(context);
}
