/**
 * The holdings proof's snapshots (docs/holdings-proof.md): taking one (build, sign, store it with
 * its leaves, inner nodes and the clients' nonces), the published records, and a client's own
 * proof. The chain stays linear: a snapshot is stored under a transaction lock, naming the one
 * stored before it.
 */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { businessDay } from '../../src/domain/dates';
import {
  type HoldingsProofFile,
  type PathStep,
  type SignedSnapshot,
  type SnapshotRecord,
  snapshotHashOf,
  toHex,
} from '../../src/domain/holdings-proof';
import type { ServerConfig } from '../config';
import type { Database, Executor, Transaction } from '../db/client';
import {
  holdingsProofNonces,
  holdingsSnapshotLeaves,
  holdingsSnapshotNodes,
  holdingsSnapshots,
  users,
} from '../db/schema';
import { type BuiltTree, buildClientTree, latestReportFigures } from './holdings-proof-build';
import { signSnapshotHash } from './holdings-proof-signing';

export type HoldingsProofConfig = Pick<ServerConfig, 'holdingsProof'>;

/** Key of the transaction lock around appending to the chain (any fixed number of ours). */
const CHAIN_LOCK_KEY = 4_604_602;
const INSERT_CHUNK = 1_000;

type SnapshotRow = typeof holdingsSnapshots.$inferSelect;

export function publishedSnapshotOf(row: SnapshotRow): SignedSnapshot {
  return {
    version: 1,
    date: row.date,
    takenAt: row.takenAt.toISOString(),
    rootHash: row.rootHash,
    totalCases: row.totalCases,
    totalBottles: row.totalBottles,
    leafCount: row.leafCount,
    warehouseReportSha256: row.warehouseReportSha256,
    warehouseReportAsOf: row.warehouseReportAsOf,
    warehouseCasesForClients: row.warehouseCasesForClients,
    discrepancies: { critical: row.discrepancies.critical, other: row.discrepancies.other },
    previousSnapshotHash: row.previousSnapshotHash,
    snapshotHash: row.snapshotHash,
    signature: row.signature,
  };
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await insert(rows.slice(start, start + INSERT_CHUNK));
}

async function storeTree(tx: Transaction, snapshotHash: string, built: BuiltTree) {
  const leaves = built.clients.map((leaf, leafIndex) => ({ leaf, leafIndex }));
  await insertChunked(leaves, (chunk) =>
    tx.insert(holdingsSnapshotLeaves).values(
      chunk.map(({ leaf, leafIndex }) => ({
        snapshotHash,
        leafIndex,
        commitment: toHex(leaf.commitment),
        leafHash: toHex(leaf.hash),
        sum: leaf.sum,
        holdings: leaf.holdings,
      })),
    ),
  );
  const nodes = built.tree.levels.slice(1).flatMap((level, index) =>
    level.map((node, nodeIndex) => ({
      snapshotHash,
      level: index + 1,
      nodeIndex,
      hash: toHex(node.hash),
      sum: node.sum,
    })),
  );
  await insertChunked(nodes, (chunk) => tx.insert(holdingsSnapshotNodes).values(chunk));
  await insertChunked(leaves, (chunk) =>
    tx.insert(holdingsProofNonces).values(
      chunk.map(({ leaf, leafIndex }) => ({
        snapshotHash,
        userId: leaf.userId,
        nonce: leaf.nonce.toString('hex'),
        leafIndex,
      })),
    ),
  );
}

/**
 * Takes a snapshot now and stores it: built from what is owed in bond and the latest warehouse
 * report, signed, chained to the latest stored snapshot. Answers once it is stored.
 */
export async function createHoldingsSnapshot(db: Database, config: HoldingsProofConfig, now = new Date()) {
  const built = await buildClientTree(db);
  const figures = await latestReportFigures(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
    const [previous] = await tx
      .select({ snapshotHash: holdingsSnapshots.snapshotHash })
      .from(holdingsSnapshots)
      .orderBy(desc(holdingsSnapshots.takenAt))
      .limit(1);
    const record: SnapshotRecord = {
      version: 1,
      date: businessDay(now),
      takenAt: now.toISOString(),
      rootHash: built.tree.root ? toHex(built.tree.root.hash) : null,
      totalCases: built.tree.root?.sum ?? 0,
      totalBottles: built.totalBottles,
      leafCount: built.clients.length,
      ...figures,
      previousSnapshotHash: previous?.snapshotHash ?? null,
    };
    const snapshotHash = await snapshotHashOf(record);
    const signature = signSnapshotHash(snapshotHash, config.holdingsProof.signingKey);
    const [row] = await tx
      .insert(holdingsSnapshots)
      .values({ ...record, takenAt: now, snapshotHash, signature })
      .returning();
    if (!row) throw new Error('Bestandsnachweis wurde nicht gespeichert.');
    await storeTree(tx, snapshotHash, built);
    return publishedSnapshotOf(row);
  });
}

/** The published snapshots, newest first. */
export async function holdingsSnapshotList(db: Executor, limit: number): Promise<SignedSnapshot[]> {
  const rows = await db
    .select()
    .from(holdingsSnapshots)
    .orderBy(desc(holdingsSnapshots.takenAt))
    .limit(limit);
  return rows.map(publishedSnapshotOf);
}

/** The latest snapshot of a day (Europe/Berlin), or the latest of all without a day. */
async function snapshotRow(db: Executor, date: string | null | undefined): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(holdingsSnapshots)
    .where(date ? eq(holdingsSnapshots.date, date) : undefined)
    .orderBy(desc(holdingsSnapshots.takenAt))
    .limit(1);
  return row;
}

export async function holdingsSnapshotOfDay(db: Executor, date: string): Promise<SignedSnapshot | null> {
  const row = await snapshotRow(db, date);
  return row ? publishedSnapshotOf(row) : null;
}

/** A client's proof as the API answers it: the downloadable file without its format tag. */
export type HoldingsProofView = Omit<HoldingsProofFile, 'format'>;

/** The sibling positions of a leaf, level by level (level 0 = the leaves), carried levels left out. */
function siblingPositions(leafIndex: number, leafCount: number) {
  const positions: { level: number; index: number; side: PathStep['side'] }[] = [];
  let index = leafIndex;
  let width = leafCount;
  for (let level = 0; width > 1; level += 1) {
    const sibling = index % 2 === 0 ? index + 1 : index - 1;
    if (sibling < width) positions.push({ level, index: sibling, side: sibling < index ? 'LEFT' : 'RIGHT' });
    index = Math.floor(index / 2);
    width = Math.ceil(width / 2);
  }
  return positions;
}

async function pathOf(
  db: Executor,
  snapshotHash: string,
  leafIndex: number,
  leafCount: number,
): Promise<PathStep[]> {
  const positions = siblingPositions(leafIndex, leafCount);
  const leafSibling = positions.find((position) => position.level === 0);
  const inner = positions.filter((position) => position.level > 0);
  const [leafRows, nodeRows] = await Promise.all([
    leafSibling
      ? db
          .select({ hash: holdingsSnapshotLeaves.leafHash, sum: holdingsSnapshotLeaves.sum })
          .from(holdingsSnapshotLeaves)
          .where(
            and(
              eq(holdingsSnapshotLeaves.snapshotHash, snapshotHash),
              eq(holdingsSnapshotLeaves.leafIndex, leafSibling.index),
            ),
          )
      : Promise.resolve([]),
    inner.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(holdingsSnapshotNodes)
          .where(
            and(
              eq(holdingsSnapshotNodes.snapshotHash, snapshotHash),
              or(
                ...inner.map((position) =>
                  and(
                    eq(holdingsSnapshotNodes.level, position.level),
                    eq(holdingsSnapshotNodes.nodeIndex, position.index),
                  ),
                ),
              ),
            ),
          )
          .orderBy(asc(holdingsSnapshotNodes.level)),
  ]);
  return positions.map((position) => {
    const node =
      position.level === 0
        ? leafRows[0]
        : nodeRows.find((row) => row.level === position.level && row.nodeIndex === position.index);
    if (!node) throw new Error(`Knoten ${position.level}/${position.index} des Nachweises fehlt.`);
    return { hash: node.hash, sum: node.sum, side: position.side };
  });
}

/** A client's own proof of a day's snapshot (the latest without a day); null when they held nothing. */
export async function myHoldingsProof(
  db: Executor,
  config: HoldingsProofConfig,
  userId: number,
  date?: string | null,
): Promise<HoldingsProofView | null> {
  const row = await snapshotRow(db, date);
  if (!row) return null;
  const [entry] = await db
    .select({
      nonce: holdingsProofNonces.nonce,
      leafIndex: holdingsProofNonces.leafIndex,
      customerNumber: users.customerNumber,
      commitment: holdingsSnapshotLeaves.commitment,
      leafHash: holdingsSnapshotLeaves.leafHash,
      holdings: holdingsSnapshotLeaves.holdings,
    })
    .from(holdingsProofNonces)
    .innerJoin(users, eq(users.id, holdingsProofNonces.userId))
    .innerJoin(
      holdingsSnapshotLeaves,
      and(
        eq(holdingsSnapshotLeaves.snapshotHash, holdingsProofNonces.snapshotHash),
        eq(holdingsSnapshotLeaves.leafIndex, holdingsProofNonces.leafIndex),
      ),
    )
    .where(
      and(eq(holdingsProofNonces.snapshotHash, row.snapshotHash), eq(holdingsProofNonces.userId, userId)),
    );
  if (!entry) return null;
  return {
    snapshot: publishedSnapshotOf(row),
    publicKey: config.holdingsProof.publicKey,
    nonce: entry.nonce,
    customerNumber: entry.customerNumber,
    commitment: entry.commitment,
    holdings: entry.holdings,
    leafHash: entry.leafHash,
    path: await pathOf(db, row.snapshotHash, entry.leafIndex, row.leafCount),
  };
}
