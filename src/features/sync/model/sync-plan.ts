/**
 * The rules of the delta sync on the device (docs/sync.md): when a full sync is due, which areas
 * (sync sources) fetch their queries again after a delta, which stored queries are gone for good
 * and which are confirmed as still current. Pure: `src/features/sync/api/sync.ts` applies them.
 */

/** What the device remembers between syncs, per user. */
export interface SyncProgress {
  /** The server's cursor of the last complete sync. */
  cursor: string;
  /** The app build that wrote the stored queries (another build discards them). */
  buildId: string;
  /** End of the last full sync (ms). */
  fullAt: number;
  /** Per sync source: the hashes of the queries it stored. */
  manifests: Record<string, string[]>;
}

/** One entity's part of a `syncChanges` answer. */
export interface EntityChanges {
  entity: string;
  changed: readonly number[];
  deleted: readonly number[];
}

/** An area of the sync and the entities its queries show. */
export interface SourceEntities {
  name: string;
  entities: readonly string[];
}

/**
 * A full sync at least this often, although the deltas said nothing changed: what no row records
 * (time passing: a premiere becoming published, the depot's value curve gaining a day) is caught up.
 */
export const FULL_SYNC_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** True when the device's copy cannot be continued with a delta. */
export function needsFullSync(progress: SyncProgress | null, buildId: string, now: number): boolean {
  return progress === null || progress.buildId !== buildId || now - progress.fullAt > FULL_SYNC_MAX_AGE_MS;
}

/**
 * The sources to fetch again: those showing an entity with changes or deletions, and those whose
 * stored queries are no longer all on the device (removed by an invalidation, the browser or a full
 * quota).
 */
export function sourcesToRerun(
  sources: readonly SourceEntities[],
  changes: readonly EntityChanges[],
  manifests: Readonly<Record<string, readonly string[]>>,
  isStored: (queryHash: string) => boolean,
): Set<string> {
  const touched = new Set(
    changes
      .filter((change) => change.changed.length > 0 || change.deleted.length > 0)
      .map((change) => change.entity),
  );
  const rerun = new Set<string>();
  for (const source of sources) {
    const manifest = manifests[source.name];
    if (
      manifest === undefined ||
      source.entities.some((entity) => touched.has(entity)) ||
      !manifest.every(isStored)
    ) {
      rerun.add(source.name);
    }
  }
  return rerun;
}

const allOf = (manifests: Readonly<Record<string, readonly string[]>>) =>
  new Set(Object.values(manifests).flat());

/**
 * The stored queries no source stores any more (the page of an archived offer, a deleted
 * proposal's simulation): they leave the device. `next` holds every source's manifest after the
 * sync (those that did not run keep their previous one).
 */
export function queriesToForget(
  previous: Readonly<Record<string, readonly string[]>>,
  next: Readonly<Record<string, readonly string[]>>,
): string[] {
  const kept = allOf(next);
  return [...allOf(previous)].filter((hash) => !kept.has(hash));
}

/**
 * The stored queries the delta confirmed as current: those of the sources that did not run (the
 * ones that ran were just fetched).
 */
export function queriesToConfirm(
  manifests: Readonly<Record<string, readonly string[]>>,
  rerun: ReadonlySet<string>,
): string[] {
  const fetched = new Set(
    Object.entries(manifests).flatMap(([name, hashes]) => (rerun.has(name) ? hashes : [])),
  );
  const confirmed = new Set(
    Object.entries(manifests).flatMap(([name, hashes]) => (rerun.has(name) ? [] : hashes)),
  );
  return [...confirmed].filter((hash) => !fetched.has(hash));
}
