/** Search words of the back office's server-side tables, ready for ILIKE. */

/** Words of a search and characters per word that are used (longer input is cut). */
const SEARCH_LIMITS = { words: 8, wordLength: 80 } as const;

/** The words of a search box (at most 8, each at most 80 characters). */
export function searchWords(search: string | null | undefined): string[] {
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_LIMITS.words)
    .map((word) => word.slice(0, SEARCH_LIMITS.wordLength));
}

/** `%word%` for ILIKE with the pattern characters of the word escaped. */
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A page's offset and size: limit within 1..max (default when not asked), offset at least 0. */
export function pageWindow(
  query: { offset?: number | null; limit?: number | null },
  size: { default: number; max: number },
): { offset: number; limit: number } {
  const limit = Math.min(size.max, Math.max(1, Math.trunc(query.limit ?? size.default)));
  return { offset: Math.max(0, Math.trunc(query.offset ?? 0)), limit };
}
