const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

/** "Offline – Stand: 21.11.2026, 09:15": how old the data shown offline is. */
export function offlineBannerText(dataAsOf: number | null): string {
  if (!dataAsOf) return 'Offline – keine gespeicherten Daten';
  return `Offline – Stand: ${dateTime.format(new Date(dataAsOf))}`;
}

/** A cached query as the offline banner sees it. */
export interface CachedQueryTime {
  /** When its data was fetched from the server (0 = never). */
  dataUpdatedAt: number;
  /** Whether a mounted component shows it now. */
  observed: boolean;
}

/**
 * Since when the data on screen is: the oldest fetch among the queries the screen shows (so the
 * banner never claims a newer state than any part of the screen has). With none of them holding
 * data, the newest fetch of any cached query; 0 when nothing was ever fetched.
 */
export function dataTimeOnScreen(queries: readonly CachedQueryTime[]): number {
  const shown = queries.filter((query) => query.observed && query.dataUpdatedAt > 0);
  if (shown.length > 0) return Math.min(...shown.map((query) => query.dataUpdatedAt));
  return queries.reduce((newest, query) => Math.max(newest, query.dataUpdatedAt), 0);
}
