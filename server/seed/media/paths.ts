/** Where each generated media file lives below `mediaDir`, and its URL (served at /media/). */
import { academyCaptionsPath } from '../../../src/domain/video-captions';
import { slugify } from '../deterministic';

export const CAROUSEL_VARIANTS = ['morgen', 'abend', 'keller'] as const;
export type CarouselVariant = (typeof CAROUSEL_VARIANTS)[number];

export const mediaPath = {
  wine: (lwin: string) => `wines/${lwin}.svg`,
  vintageThumbnail: (lwin11: string) => `vintages/${lwin11}.svg`,
  vintageEdition: (lwin11: string) => `vintages/${lwin11}-sonderedition.svg`,
  referenceChart: (lwin11: string) => `vintages/${lwin11}-referenz.svg`,
  wineryLogo: (winery: string) => `wineries/${winery}-logo.svg`,
  wineryImage: (winery: string) => `wineries/${winery}.svg`,
  wineryCarousel: (winery: string, variant: CarouselVariant) => `wineries/${winery}-${variant}.svg`,
  region: (title: string) => `regions/${slugify(title)}.svg`,
  rater: (title: string) => `raters/${slugify(title)}.svg`,
  blog: (slug: string) => `blog/${slug}.svg`,
  academyThumbnail: (slug: string) => `academy/${slug}.svg`,
  academyVideo: (slug: string) => `videos/${slug}.webm`,
  academyCaptions: academyCaptionsPath,
  brand: (slug: string) => `brand/${slug}.svg`,
  brandFilm: (slug: string) => `brand/${slug}.webm`,
  brandFilmCaptions: (slug: string) => `brand/${slug}.de.vtt`,
};

/** The brand's storage film (public, unlike the academy videos): `src/domain/brand-media.ts`. */
export { STORAGE_FILM_SLUG } from '../../../src/domain/brand-media';

export const mediaUrl = (relativePath: string): string => `/media/${relativePath}`;
