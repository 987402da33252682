/** "Offline – Stand: 21.11.2026, 09:15": how old the data shown offline is. */
import { formatDateTime, formatTime } from '../../domain/dates';
export function offlineBannerText(dataAsOf: number | null): string {
  if (!dataAsOf) return 'Offline – keine gespeicherten Daten';
  return `Offline – Stand: ${formatDateTime(dataAsOf)}`;
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

/** The sync state as the top bar says it. */
export function syncStatusText(
  state: { phase: 'idle' | 'syncing' | 'synced' | 'failed'; syncedAt: number | null },
  offlineSince: number | null,
): string {
  if (offlineSince !== null) return `Offline seit ${formatTime(offlineSince)}`;
  if (state.phase === 'syncing') return 'Wird synchronisiert …';
  if (state.phase === 'failed') return 'Synchronisierung fehlgeschlagen';
  if (state.syncedAt !== null) return `Synchronisiert um ${formatTime(state.syncedAt)}`;
  return 'Noch nicht synchronisiert';
}

/** A screen whose data is not on the device, while offline: said with the date of the data there. */
export function offlineUnavailableText(syncedAt: number | null): string {
  if (syncedAt === null) return 'Offline nicht verfügbar – noch nicht synchronisiert';
  return `Offline nicht verfügbar – nicht im Stand vom ${formatDateTime(syncedAt)} enthalten`;
}
