/**
 * The order list's outbox table. Its rows are the feature's (`database.table<…>(OUTBOX_TABLE)` in
 * `src/features/order-list/api/outbox-store.ts`); the device database declares only its keys. A
 * module of its own, so that naming the table does not load Dexie (`load-database.ts`).
 */
export const OUTBOX_TABLE = 'outbox';
