import type { QueryKey, QueryState } from '@tanstack/react-query';
import { Dexie, type Table } from 'dexie';
import { OUTBOX_TABLE } from './table-names';

/** One persisted TanStack Query entry: one row per query and user, never one blob for all. */
export interface PersistedQuery {
  /** Whose data this is (the signed-in e-mail address), so that one device never shows another user's data. */
  userKey: string;
  queryHash: string;
  queryKey: QueryKey;
  state: QueryState;
  /** Changes when the cache format changes; rows with another buster are ignored. */
  buster: string;
  updatedAt: number;
}

export type WeindepotDatabase = Dexie & {
  queryCache: Table<PersistedQuery, [string, string]>;
};

export const database = new Dexie('weindepot') as WeindepotDatabase;

database.version(1).stores({
  queryCache: '[userKey+queryHash], userKey, updatedAt',
});
database.version(2).stores({
  queryCache: '[userKey+queryHash], userKey, updatedAt',
  [OUTBOX_TABLE]: 'id, userKey, seq',
});
