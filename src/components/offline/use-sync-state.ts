import { useSyncExternalStore } from 'react';
import { type SyncState, syncState } from '../../db/sync-state';

/** The sync state, re-rendering on every change. */
export function useSyncState(): SyncState {
  return useSyncExternalStore(syncState.subscribe, syncState.get, syncState.get);
}
