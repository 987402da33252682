import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { PushEndpointPolicy } from '../services/push-endpoint';
import type { SyncDelta } from '../services/sync';
import type { CatalogueCache } from './catalogue-cache';
import type { Loaders } from './loaders';
import type { UserModel } from './models';

/** Built once per request by `buildContext` in `yoga.ts`. */
export interface GraphQLContext {
  db: Database;
  config: ServerConfig;
  /** The signed-in user, or null for a visitor. */
  user: UserModel | null;
  /** The server-side session of the request's token (null for a visitor). */
  sessionId: string | null;
  clientIp: string;
  /** The request's User-Agent header (the device label of a session it opens). */
  userAgent: string | null;
  /** Tells the outbox dispatcher that new rows are waiting. */
  nudgeOutbox: () => void;
  /** Which push endpoints may be registered (public https hosts, plus PUSH_ENDPOINT_ALLOWLIST). */
  pushPolicy: PushEndpointPolicy;
  /** Per-request batch loaders of related rows. */
  loaders: Loaders;
  /** The process's catalogue rows (shared by all requests; read synchronously with `peek`). */
  catalogue: CatalogueCache;
  /** Counts an answered sync into the metrics. */
  syncAnswered: (delta: SyncDelta) => void;
}
