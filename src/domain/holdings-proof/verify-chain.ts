/**
 * The chain of published snapshots: each record names its predecessor's hash, so rewriting one
 * breaks the link to the next. Checking it recomputes every hash, every signature and every link,
 * and says at which snapshot it breaks.
 */
import { failures, type ProofFailure } from './failures';
import type { SignedSnapshot } from './format';
import { isSignedSnapshot, snapshotHashOf, snapshotSignatureValid } from './record';

export interface ChainVerification {
  valid: boolean;
  failures: ProofFailure[];
  /** Snapshots checked, oldest first. */
  checked: number;
}

const takenAtOrder = (left: SignedSnapshot, right: SignedSnapshot) =>
  Date.parse(left.takenAt) - Date.parse(right.takenAt);

/**
 * Checks snapshots given in any order (the API answers newest first). The oldest one's predecessor
 * lies outside the list unless it is the first snapshot ever (`previousSnapshotHash` null).
 */
export async function verifySnapshotChain(
  snapshots: readonly unknown[],
  publicKey: string,
): Promise<ChainVerification> {
  const malformed = snapshots.findIndex((snapshot) => !isSignedSnapshot(snapshot));
  if (malformed >= 0) {
    return { valid: false, failures: [failures.malformed(`Eintrag ${malformed + 1} der Kette`)], checked: 0 };
  }
  const ordered = [...(snapshots as SignedSnapshot[])].sort(takenAtOrder);
  const found: ProofFailure[] = [];
  let previous: SignedSnapshot | null = null;
  for (const snapshot of ordered) {
    if ((await snapshotHashOf(snapshot)) !== snapshot.snapshotHash) {
      found.push(failures.snapshotHashMismatch(snapshot.date));
    }
    if (!(await snapshotSignatureValid(snapshot.snapshotHash, snapshot.signature, publicKey))) {
      found.push(failures.signatureInvalid(snapshot.date));
    }
    if (previous && snapshot.previousSnapshotHash !== previous.snapshotHash) {
      found.push(failures.chainBroken(snapshot.date, previous.date));
    }
    previous = snapshot;
  }
  return { valid: found.length === 0, failures: found, checked: ordered.length };
}

/** Whether the proof's snapshot is one of the published ones (same hash). */
export function publishedIn(snapshot: SignedSnapshot, published: readonly SignedSnapshot[]): ProofFailure[] {
  return published.some((other) => other.snapshotHash === snapshot.snapshotHash)
    ? []
    : [failures.snapshotNotPublished(snapshot.date)];
}
