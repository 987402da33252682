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

/** The newest time any query's data was fetched from the server (0 = never). */
export function newestDataTime(queries: readonly { state: { dataUpdatedAt: number } }[]): number {
  return queries.reduce((newest, query) => Math.max(newest, query.state.dataUpdatedAt), 0);
}
