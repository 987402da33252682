/**
 * Search-term normalisation shared by the offer search on the server and the search field of the
 * top-offers page: the stored `titleUnidecoded` columns are the titles with their accents removed
 * (NFD, combining marks dropped); the server compares them lower-cased, so the term is normalised
 * the same way.
 */

/** Debounce of the search field on the top-offers page (spec: 1500 ms). */
export const SEARCH_DEBOUNCE_MS = 1500;

/** Removes accents the way `titleUnidecoded` was made ("Château" → "Chateau"). */
export function unaccent(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** "  CHÂTEAU   Lafite " → "chateau lafite"; an empty result means "no search". */
export function normalizeSearchTerm(term: string | null | undefined): string {
  if (!term) return '';
  return unaccent(term).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The normalised term as a SQL LIKE pattern for "contains", with LIKE wildcards escaped. */
export function containsPattern(normalizedTerm: string): string {
  return `%${normalizedTerm.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
