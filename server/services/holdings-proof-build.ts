/**
 * Building a holdings snapshot (docs/holdings-proof.md): one leaf per client with cases owed in
 * bond (IN_BOND or FOR_SALE), a fresh nonce per client, the Merkle-sum tree, the record with the
 * latest warehouse report's figures. Hashing runs through WebCrypto (off the event loop, in
 * libuv's threads); the grouping of positions yields between chunks, so requests keep their turn.
 */
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { desc, eq } from 'drizzle-orm';
import {
  buildTree,
  casesOf,
  commitmentOf,
  type HoldingsEntry,
  holdingsOf,
  leafHashOf,
  type MerkleSumTree,
  type OwedPosition,
  type TreeLeaf,
} from '../../src/domain/holdings-proof';
import type { Executor } from '../db/client';
import { users, warehouseDiscrepancies, warehouseStockReports } from '../db/schema';
import { ledgerPositions } from './warehouse-ledger';
import { isCritical, ledgerLotsOf } from './warehouse-reconciliation';

/** Positions grouped per turn before the event loop gets its turn back. */
const CHUNK = 5_000;

export interface ClientLeaf extends TreeLeaf {
  userId: number;
  nonce: Buffer;
  holdings: HoldingsEntry[];
}

export interface BuiltTree {
  tree: MerkleSumTree;
  /** By leaf, in commitment order (the tree's `leaves`). */
  clients: ClientLeaf[];
  totalBottles: number;
}

/** What the business owes each client in bond, grouped per client. */
async function owedByClient(db: Executor) {
  const ledger = await ledgerPositions(db);
  const userIds = new Map(
    (await db.select({ id: users.id, customerNumber: users.customerNumber }).from(users)).map((row) => [
      row.customerNumber,
      row.id,
    ]),
  );
  const byClient = new Map<string, { userId: number; positions: OwedPosition[] }>();
  let totalBottles = 0;
  for (let start = 0; start < ledger.length; start += CHUNK) {
    for (const position of ledger.slice(start, start + CHUNK)) {
      if (position.status !== 'IN_BOND' && position.status !== 'FOR_SALE') continue;
      const userId = userIds.get(position.customerNumber);
      if (userId === undefined || position.cases <= 0) continue;
      let client = byClient.get(position.customerNumber);
      if (!client) {
        client = { userId, positions: [] };
        byClient.set(position.customerNumber, client);
      }
      totalBottles += position.cases * position.bottlesPerCase;
      client.positions.push({
        lwin11: position.lwin11,
        bottleSizeMl: position.bottleSizeMl,
        cases: position.cases,
        lotIds: ledgerLotsOf(position).map((lot) => lot.lotId),
      });
    }
    await nextTurn();
  }
  return { byClient, totalBottles };
}

/** Every client's leaf with a new nonce, and the tree over them. */
export async function buildClientTree(db: Executor): Promise<BuiltTree> {
  const { byClient, totalBottles } = await owedByClient(db);
  const clients: ClientLeaf[] = [];
  for (const [customerNumber, { userId, positions }] of byClient) {
    const holdings = holdingsOf(positions);
    const nonce = randomBytes(32);
    const commitment = await commitmentOf(nonce, customerNumber);
    clients.push({
      userId,
      nonce,
      holdings,
      commitment,
      hash: await leafHashOf(commitment, holdings),
      sum: casesOf(holdings),
    });
  }
  const tree = await buildTree(clients);
  return { tree, clients: tree.leaves as ClientLeaf[], totalBottles };
}

/** The latest warehouse report's figures the record names; all null before the first report. */
export async function latestReportFigures(db: Executor) {
  const [report] = await db
    .select({
      id: warehouseStockReports.id,
      sha256: warehouseStockReports.sha256,
      asOf: warehouseStockReports.asOf,
      matchedCases: warehouseStockReports.matchedCases,
    })
    .from(warehouseStockReports)
    .orderBy(desc(warehouseStockReports.asOf), desc(warehouseStockReports.id))
    .limit(1);
  if (!report) {
    return {
      warehouseReportSha256: null,
      warehouseReportAsOf: null,
      warehouseCasesForClients: null,
      discrepancies: { critical: null, other: null },
    };
  }
  const kinds = await db
    .select({ kind: warehouseDiscrepancies.kind })
    .from(warehouseDiscrepancies)
    .where(eq(warehouseDiscrepancies.reportId, report.id));
  const critical = kinds.filter((entry) => isCritical(entry.kind)).length;
  return {
    warehouseReportSha256: report.sha256,
    warehouseReportAsOf: report.asOf,
    warehouseCasesForClients: report.matchedCases,
    discrepancies: { critical, other: kinds.length - critical },
  };
}
