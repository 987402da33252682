/** Rules of the video academy ("Weinwissen"). */
import { formatDateTime } from './dates';

/** A video is published once its publish time is not after now; before that it is a premiere. */
export function isPublished(datetimePublished: Date | string, now: Date): boolean {
  return new Date(datetimePublished).getTime() <= now.getTime();
}

/** "Premiere" label date and time in German form, e.g. "24.12.2026, 18:00 Uhr". */
export function premiereLabel(datetimePublished: Date | string): string {
  return `${formatDateTime(datetimePublished)} Uhr`;
}

/** Newest first by publish time. */
export function newestFirst<Video extends { datetimePublished: Date | string }>(
  videos: readonly Video[],
): Video[] {
  return [...videos].sort(
    (a, b) => new Date(b.datetimePublished).getTime() - new Date(a.datetimePublished).getTime(),
  );
}

/** "Video-Vorschläge für Sie": other videos that are already published, newest first. */
export function videoSuggestions<Video extends { slug: string; datetimePublished: Date | string }>(
  videos: readonly Video[],
  currentSlug: string,
  now: Date,
): Video[] {
  return newestFirst(videos).filter(
    (video) => video.slug !== currentSlug && isPublished(video.datetimePublished, now),
  );
}

export const academyMessages = {
  notFound: 'Dieses Video gibt es nicht.',
  premiere: 'Dieses Video ist noch nicht veröffentlicht. Es erscheint als Premiere am {date}.',
};
