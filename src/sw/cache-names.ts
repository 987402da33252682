/**
 * The service worker's runtime caches (`src/sw/service-worker.ts`) that hold data of the signed-in
 * user; the logout deletes them. The precache (the app's code) belongs to nobody and stays.
 */
export const USER_CACHES = {
  /** Images the screens show (thumbnails, bottles, wineries), filled by the sync. */
  images: 'media-images',
  /** Files the screens link to (invoice PDFs). */
  files: 'user-files',
} as const;

/** Chunks left out of the precache (map, Excel export); code, not user data. */
export const ON_DEMAND_CHUNK_CACHE = 'on-demand-chunks';
