/**
 * The holdings proof's public format (docs/holdings-proof.md): the domain-separation labels, the
 * shapes of a leaf's holdings, a path step, a snapshot record and a downloadable proof file. A
 * verifier written by someone else follows the same document; these types are ours.
 */

export const COMMIT_LABEL = 'weindepot-commit-v1';
export const LEAF_LABEL = 'weindepot-leaf-v1';
export const NODE_LABEL = 'weindepot-node-v1';

/** The `format` of a downloaded proof file. */
export const PROOF_FILE_FORMAT = 'weindepot-holdings-proof-v1';

/** Bytes of a client's nonce per snapshot. */
export const NONCE_BYTES = 32;

/**
 * The largest sum a node may carry. The tree encodes sums as uint64, but JSON numbers are exact only
 * up to 2^53 − 1, so the format stops there: a verifier refuses any sum above (or below zero).
 */
export const MAX_SUM = Number.MAX_SAFE_INTEGER;

/** One entry of a leaf's holdings: what the business owes one client of one wine in one bottle size. */
export interface HoldingsEntry {
  lwin11: string;
  bottleSizeMl: number;
  cases: number;
  lotIds: string[];
}

export type PathSide = 'LEFT' | 'RIGHT';

/** The sibling at one level, from the leaf up; `side` is where the sibling stands. */
export interface PathStep {
  hash: string;
  sum: number;
  side: PathSide;
}

/** The signed record of one snapshot; every field present, `null` where unknown. */
export interface SnapshotRecord {
  version: 1;
  /** `YYYY-MM-DD`, the day in Europe/Berlin. */
  date: string;
  /** ISO timestamp, exactly as stored. */
  takenAt: string;
  /** Lower-case hex; null for a tree without leaves. */
  rootHash: string | null;
  totalCases: number;
  totalBottles: number;
  leafCount: number;
  warehouseReportSha256: string | null;
  warehouseReportAsOf: string | null;
  warehouseCasesForClients: number | null;
  discrepancies: { critical: number | null; other: number | null };
  previousSnapshotHash: string | null;
}

/** The record as published: its fields plus its hash and the business's signature over it. */
export interface SignedSnapshot extends SnapshotRecord {
  snapshotHash: string;
  /** Base64 of the 64-byte Ed25519 signature over the 32 raw bytes of `snapshotHash`. */
  signature: string;
}

/** The file a client downloads ("Nachweis herunterladen"): everything needed to check the entry alone. */
export interface HoldingsProofFile {
  format: typeof PROOF_FILE_FORMAT;
  snapshot: SignedSnapshot;
  /** Base64 of the business's raw 32-byte Ed25519 public key. */
  publicKey: string;
  /** Lower-case hex of the 32-byte nonce. */
  nonce: string;
  customerNumber: string;
  commitment: string;
  holdings: HoldingsEntry[];
  leafHash: string;
  path: PathStep[];
}

/** The record's fields in the order the document lists them (the hash does not depend on it). */
export const SNAPSHOT_RECORD_FIELDS = [
  'version',
  'date',
  'takenAt',
  'rootHash',
  'totalCases',
  'totalBottles',
  'leafCount',
  'warehouseReportSha256',
  'warehouseReportAsOf',
  'warehouseCasesForClients',
  'discrepancies',
  'previousSnapshotHash',
] as const satisfies readonly (keyof SnapshotRecord)[];

export const isValidSum = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
