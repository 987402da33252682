/** Every media file of the demo data with the function that renders it. */
import { STORAGE_FILM_CARD, storageFilmCues } from '../../../src/domain/brand-media';
import { ACADEMY_CARD, titleCardCues, toWebVtt } from '../../../src/domain/video-captions';
import { academyVideoSeeds } from '../data/academy';
import { blogPostSeeds } from '../data/blog';
import { brandImageSeeds } from '../data/brand';
import { regionSeeds } from '../data/geography';
import { raterTitles } from '../data/raters';
import { winerySeeds } from '../data/wineries';
import { wineSeeds } from '../data/wines';
import { vintageFacts, wineryOf } from '../derive/catalogue';
import { deriveScores } from '../derive/scores';
import { CAROUSEL_VARIANTS, mediaPath, STORAGE_FILM_SLUG } from './paths';
import { academyThumbnailSvg, blogImageSvg, brandImageSvg, landscapeSvg } from './scene-images';
import type { VideoCardLabels } from './videos';
import { bottleShapeOf, bottleSvg, raterBadgeSvg, referenceChartSvg, wineryLogoSvg } from './wine-images';

export type MediaItem =
  | { path: string; kind: 'svg'; render: () => string }
  | { path: string; kind: 'text'; render: () => string }
  | { path: string; kind: 'video'; title: string; labels?: VideoCardLabels };

const svg = (path: string, render: () => string): MediaItem => ({ path, kind: 'svg', render });

function wineryItems(): MediaItem[] {
  return winerySeeds.flatMap((winery) => [
    svg(mediaPath.wineryLogo(winery.key), () => wineryLogoSvg(winery.title, winery.region)),
    svg(mediaPath.wineryImage(winery.key), () =>
      landscapeSvg({
        title: winery.title,
        subtitle: `${winery.subregion} · ${winery.region}`,
        region: winery.region,
        variant: 'tag',
        seedKey: winery.key,
      }),
    ),
    ...CAROUSEL_VARIANTS.map((variant) =>
      svg(mediaPath.wineryCarousel(winery.key, variant), () =>
        landscapeSvg({
          title: winery.title,
          subtitle: { morgen: 'Morgenlicht in den Reben', abend: 'Abendstimmung', keller: 'Im Fasskeller' }[
            variant
          ],
          region: winery.region,
          variant,
          seedKey: winery.key,
        }),
      ),
    ),
  ]);
}

function wineItems(): MediaItem[] {
  const wines = wineSeeds.map((wine) => {
    const winery = wineryOf(wine);
    return svg(mediaPath.wine(wine.lwin), () =>
      bottleSvg({
        title: wine.title,
        winery: winery.title,
        group: wine.group,
        shape: bottleShapeOf(winery.region, wine.group),
      }),
    );
  });
  const vintages = vintageFacts.flatMap((facts) => {
    const bottle = {
      title: facts.wine.title,
      winery: facts.winery.title,
      group: facts.wine.group,
      shape: bottleShapeOf(facts.region, facts.wine.group),
      year: facts.seed.year,
    };
    const scores = deriveScores(facts);
    const items = [
      svg(mediaPath.vintageThumbnail(facts.lwin11), () => bottleSvg({ ...bottle, width: 150 })),
      svg(mediaPath.referenceChart(facts.lwin11), () =>
        referenceChartSvg({
          title: `Referenzjahrgang ${scores.reference.year}: ${facts.wine.title}`,
          subtitle: `${scores.reference.rater}: ${scores.reference.score} Punkte · Wertentwicklung über 5 Jahre`,
          series: scores.reference.series,
          kpi: scores.reference.kpi,
        }),
      ),
    ];
    const edition = facts.seed.specialEdition;
    if (edition)
      items.push(svg(mediaPath.vintageEdition(facts.lwin11), () => bottleSvg({ ...bottle, edition })));
    return items;
  });
  return [...wines, ...vintages];
}

function contentItems(): MediaItem[] {
  return [
    ...regionSeeds.map((region) =>
      svg(mediaPath.region(region.title), () =>
        landscapeSvg({
          title: region.title,
          subtitle: region.caption,
          region: region.title,
          variant: 'tag',
          seedKey: `region:${region.title}`,
          width: 1200,
        }),
      ),
    ),
    ...raterTitles.map((title) => svg(mediaPath.rater(title), () => raterBadgeSvg(title))),
    ...blogPostSeeds.map((post) => svg(mediaPath.blog(post.slug), () => blogImageSvg(post.title, post.slug))),
    ...academyVideoSeeds.flatMap((video): MediaItem[] => [
      svg(mediaPath.academyThumbnail(video.slug), () => academyThumbnailSvg(video.title)),
      { path: mediaPath.academyVideo(video.slug), kind: 'video', title: video.title },
      {
        path: mediaPath.academyCaptions(video.slug),
        kind: 'text',
        render: () => toWebVtt(titleCardCues(video.title, ACADEMY_CARD.kicker, ACADEMY_CARD.footer)),
      },
    ]),
    ...brandImageSeeds.map((brand) => svg(mediaPath.brand(brand.slug), () => brandImageSvg(brand))),
    // The storage film of the start page and the proposal pages: a public brand file (the academy's
    // videos need a signed address, which a visitor of a proposal page does not get).
    {
      path: mediaPath.brandFilm(STORAGE_FILM_SLUG),
      kind: 'video',
      title: STORAGE_FILM_CARD.title,
      labels: { kicker: STORAGE_FILM_CARD.kicker, footer: STORAGE_FILM_CARD.footer },
    },
    {
      path: mediaPath.brandFilmCaptions(STORAGE_FILM_SLUG),
      kind: 'text',
      render: () => toWebVtt(storageFilmCues()),
    },
  ];
}

export function demoMediaPlan(): MediaItem[] {
  return [...wineryItems(), ...wineItems(), ...contentItems()];
}
