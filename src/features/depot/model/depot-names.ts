/** Name shortening of the depot table and truncation of the Excel export (spec client area §2, §5). */
export const DEPOT_TABLE_NAME_LENGTH = 20;
export const DEPOT_EXCEL_NAME_LENGTH = 60;

/** Names longer than `max` characters are cut at `max` and get an ellipsis. */
export function shortenName(name: string, max: number = DEPOT_TABLE_NAME_LENGTH): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}

/** Names longer than `max` characters are cut at `max` (no ellipsis). */
export function truncateName(name: string, max: number = DEPOT_EXCEL_NAME_LENGTH): string {
  return Array.from(name).slice(0, max).join('');
}
