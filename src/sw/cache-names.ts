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

/**
 * The provider's details of the legal pages (`/api/company`): public, nobody's data, kept across
 * sign-outs so the Impressum reads complete offline.
 */
export const LEGAL_CACHE = 'legal';

/** Chunks left out of the precache (map, Excel export); code, not user data. */
export const ON_DEMAND_CHUNK_CACHE = 'on-demand-chunks';

/** Chunk files listed in the precache manifest but not precached (vite.config.ts). */
export const ON_DEMAND_CHUNK = /(^|\/)assets\/.*(maplibre|exceljs)/;

/**
 * Message of the page's sync to the service worker: fetch the on-demand chunks of this build into
 * their cache (fetched, not run, so the page's main thread stays free). Answered on the port when done.
 */
export const WARM_ON_DEMAND_CHUNKS = 'WARM_ON_DEMAND_CHUNKS';

/**
 * Message of the page to the service worker at a session's end: delete the user caches, and store
 * nothing that a request started before it still brings (an image of the sync's warm-up in flight
 * would otherwise land in the emptied cache). The worker answers on the message's port when done.
 */
export const CLEAR_USER_CACHES = 'CLEAR_USER_CACHES';

/**
 * Message of the service worker to its pages: a cache write hit the storage quota. The worker has
 * dropped the images already (workbox's purgeOnQuotaError); the page tells the user.
 */
export const STORAGE_FULL = 'STORAGE_FULL';
