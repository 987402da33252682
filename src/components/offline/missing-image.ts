/**
 * What an image shows when its file cannot be loaded (offline, an offer's image never fetched on
 * this device): an empty picture, so the image's box keeps its size and background instead of the
 * browser's broken-image sign.
 */
export const MISSING_IMAGE =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
