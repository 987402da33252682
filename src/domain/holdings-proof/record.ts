/**
 * A snapshot record: its hash (SHA-256 of its RFC 8785 JSON) and the business's Ed25519 signature
 * over the hash's 32 raw bytes, checked with WebCrypto in the browser and in Node alike.
 */
import { type Bytes, fromBase64, fromHex, sha256, toHex, utf8 } from './bytes';
import { canonicalJson } from './canonical-json';
import { type SignedSnapshot, SNAPSHOT_RECORD_FIELDS, type SnapshotRecord } from './format';

/** Exactly the record's fields of a published snapshot (its hash and signature left out). */
export function recordOf(snapshot: SnapshotRecord): SnapshotRecord {
  const record: Record<string, unknown> = {};
  for (const field of SNAPSHOT_RECORD_FIELDS) record[field] = snapshot[field];
  const { discrepancies } = snapshot;
  record.discrepancies = { critical: discrepancies.critical, other: discrepancies.other };
  return record as unknown as SnapshotRecord;
}

export function canonicalRecordJson(record: SnapshotRecord): string {
  return canonicalJson(recordOf(record));
}

/** Lower-case hex SHA-256 of the record's canonical JSON. */
export async function snapshotHashOf(record: SnapshotRecord): Promise<string> {
  return toHex(await sha256(utf8(canonicalRecordJson(record))));
}

/** Whether `signature` (base64, 64 bytes) is the key's Ed25519 signature over the hash's raw bytes. */
export async function snapshotSignatureValid(
  snapshotHash: string,
  signature: string,
  publicKey: string,
): Promise<boolean> {
  const message = fromHex(snapshotHash);
  const signatureBytes = fromBase64(signature);
  const keyBytes = fromBase64(publicKey);
  if (message?.length !== 32 || signatureBytes?.length !== 64 || keyBytes?.length !== 32) return false;
  const key = await importPublicKey(keyBytes);
  return crypto.subtle.verify({ name: 'Ed25519' }, key, signatureBytes, message);
}

function importPublicKey(raw: Bytes): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
}

/** Whether a value has the shape of a published snapshot (every field present, of its type). */
export function isSignedSnapshot(value: unknown): value is SignedSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const snapshot = value as Record<string, unknown>;
  const hexOrNull = (field: unknown) =>
    field === null || (typeof field === 'string' && fromHex(field)?.length === 32);
  const countOrNull = (field: unknown) => field === null || Number.isSafeInteger(field);
  const discrepancies = snapshot.discrepancies as Record<string, unknown> | null | undefined;
  return (
    snapshot.version === 1 &&
    typeof snapshot.date === 'string' &&
    typeof snapshot.takenAt === 'string' &&
    hexOrNull(snapshot.rootHash) &&
    Number.isSafeInteger(snapshot.totalCases) &&
    Number.isSafeInteger(snapshot.totalBottles) &&
    Number.isSafeInteger(snapshot.leafCount) &&
    hexOrNull(snapshot.warehouseReportSha256) &&
    (snapshot.warehouseReportAsOf === null || typeof snapshot.warehouseReportAsOf === 'string') &&
    countOrNull(snapshot.warehouseCasesForClients) &&
    typeof discrepancies === 'object' &&
    discrepancies !== null &&
    countOrNull(discrepancies.critical) &&
    countOrNull(discrepancies.other) &&
    hexOrNull(snapshot.previousSnapshotHash) &&
    typeof snapshot.snapshotHash === 'string' &&
    typeof snapshot.signature === 'string'
  );
}
