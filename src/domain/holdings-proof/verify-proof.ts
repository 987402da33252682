/**
 * Checking one client's proof as the client's own browser (or anyone) can: the commitment from
 * nonce and customer number, the leaf from the holdings, the path up to the published root, the
 * snapshot's hash and signature. Every difference is named; nothing is taken on trust.
 */
import { fromHex, toHex } from './bytes';
import { failures, type ProofFailure } from './failures';
import { type HoldingsProofFile, isValidSum, MAX_SUM, type PathStep, PROOF_FILE_FORMAT } from './format';
import { casesOf, commitmentOf, holdingsProblem, leafHashOf } from './leaf';
import { isSignedSnapshot, snapshotHashOf, snapshotSignatureValid } from './record';
import { nodeHashOf, type TreeNode } from './tree';

export interface ProofVerification {
  valid: boolean;
  failures: ProofFailure[];
  /** The cases the proof shows for the client (sum of its holdings). */
  cases: number;
}

/** Checks the file alone, or against `publishedKey` when the verifier has the key from elsewhere. */
export async function verifyHoldingsProof(file: unknown, publishedKey?: string): Promise<ProofVerification> {
  const shapeProblem = proofFileProblem(file);
  if (shapeProblem) return { valid: false, failures: [failures.malformed(shapeProblem)], cases: 0 };
  const proof = file as HoldingsProofFile;
  const found = [
    ...(await snapshotFailures(proof, publishedKey)),
    ...(await leafFailures(proof)),
    ...(await pathFailures(proof)),
  ];
  return { valid: found.length === 0, failures: found, cases: validCases(proof) };
}

function validCases(proof: HoldingsProofFile) {
  const total = casesOf(proof.holdings);
  return isValidSum(total) ? total : 0;
}

function proofFileProblem(file: unknown): string | null {
  if (typeof file !== 'object' || file === null) return 'keine JSON-Datei eines Nachweises';
  const proof = file as Partial<HoldingsProofFile>;
  if (proof.format !== PROOF_FILE_FORMAT) return `Format ist nicht ${PROOF_FILE_FORMAT}`;
  if (!isSignedSnapshot(proof.snapshot)) return 'der Nachweis (snapshot) fehlt oder ist unvollständig';
  if (typeof proof.publicKey !== 'string') return 'der öffentliche Schlüssel fehlt';
  if (typeof proof.nonce !== 'string' || fromHex(proof.nonce)?.length !== 32) return 'der Zufallswert fehlt';
  if (typeof proof.customerNumber !== 'string') return 'die Kundennummer fehlt';
  for (const field of ['commitment', 'leafHash'] as const) {
    const value = proof[field];
    if (typeof value !== 'string' || fromHex(value)?.length !== 32) return `${field} ist kein Hash`;
  }
  if (!Array.isArray(proof.path)) return 'der Pfad fehlt';
  const badStep = proof.path.findIndex(
    (step: PathStep) =>
      typeof step !== 'object' ||
      step === null ||
      typeof step.hash !== 'string' ||
      fromHex(step.hash)?.length !== 32,
  );
  if (badStep >= 0) return `Schritt ${badStep + 1} des Pfads nennt keinen Hash`;
  return null;
}

async function snapshotFailures(proof: HoldingsProofFile, publishedKey: string | undefined) {
  const { snapshot } = proof;
  const found: ProofFailure[] = [];
  if (publishedKey !== undefined && publishedKey !== proof.publicKey) found.push(failures.keyMismatch());
  if ((await snapshotHashOf(snapshot)) !== snapshot.snapshotHash)
    found.push(failures.snapshotHashMismatch(snapshot.date));
  const key = publishedKey ?? proof.publicKey;
  if (!(await snapshotSignatureValid(snapshot.snapshotHash, snapshot.signature, key))) {
    found.push(failures.signatureInvalid(snapshot.date));
  }
  return found;
}

async function leafFailures(proof: HoldingsProofFile): Promise<ProofFailure[]> {
  const problem = holdingsProblem(proof.holdings);
  if (problem) return [failures.holdingsMalformed(problem)];
  const badCases = invalidEntry(proof);
  if (badCases) return [sumFailure(badCases.cases, `Der Eintrag ${badCases.lwin11}`)];
  const found: ProofFailure[] = [];
  const commitment = await commitmentOf(fromHex(proof.nonce) as Uint8Array, proof.customerNumber);
  if (toHex(commitment) !== proof.commitment) found.push(failures.commitmentMismatch());
  const leafHash = await leafHashOf(fromHex(proof.commitment) as Uint8Array, proof.holdings);
  if (toHex(leafHash) !== proof.leafHash) found.push(failures.leafHashMismatch());
  return found;
}

const invalidEntry = (proof: HoldingsProofFile) =>
  proof.holdings.find((entry) => !isValidSum(entry.cases) || entry.cases === 0);

function sumFailure(value: unknown, where: string): ProofFailure {
  const tooLarge = typeof value === 'number' && (value > MAX_SUM || !Number.isFinite(value));
  return tooLarge ? failures.sumOverflow(where) : failures.negativeSum(where);
}

/** The root a path leads to from `start`; null when a sum leaves the format's range on the way. */
export async function walkPath(start: TreeNode, path: readonly PathStep[]): Promise<TreeNode | null> {
  let running = start;
  for (const step of path) {
    const sibling = { hash: fromHex(step.hash) as TreeNode['hash'], sum: step.sum };
    const sum = running.sum + sibling.sum;
    if (sum > MAX_SUM) return null;
    const hash =
      step.side === 'LEFT' ? await nodeHashOf(sibling, running) : await nodeHashOf(running, sibling);
    running = { hash, sum };
  }
  return running;
}

async function pathFailures(proof: HoldingsProofFile): Promise<ProofFailure[]> {
  // Holdings that are not a valid leaf are reported as such; walking on from them names nothing new.
  if (holdingsProblem(proof.holdings) || invalidEntry(proof)) return [];
  const leafSum = casesOf(proof.holdings);
  if (!isValidSum(leafSum)) return [failures.sumOverflow('Die Bestandsliste')];
  for (const [index, step] of proof.path.entries()) {
    if (step.side !== 'LEFT' && step.side !== 'RIGHT') return [failures.sideInvalid(index)];
    if (!isValidSum(step.sum)) return [sumFailure(step.sum, `Ebene ${index + 1} des Pfads`)];
  }
  const start = { hash: fromHex(proof.leafHash) as TreeNode['hash'], sum: leafSum };
  const root = await walkPath(start, proof.path);
  if (!root) return [failures.sumOverflow('Der Pfad')];
  const { snapshot } = proof;
  if (root.sum !== snapshot.totalCases) return [failures.pathSumMismatch(root.sum, snapshot.totalCases)];
  if (toHex(root.hash) === snapshot.rootHash) return [];
  const swapped = await swappedSide(start, proof.path, snapshot.rootHash);
  return [swapped === null ? failures.rootMismatch() : failures.sideSwapped(swapped)];
}

/** The level whose side, turned round, makes the path lead to the root; null when none does. */
async function swappedSide(start: TreeNode, path: readonly PathStep[], rootHash: string | null) {
  for (const [index, step] of path.entries()) {
    const turned = path.map((other, at) =>
      at === index
        ? { ...other, side: step.side === 'LEFT' ? ('RIGHT' as const) : ('LEFT' as const) }
        : other,
    );
    const root = await walkPath(start, turned);
    if (root && toHex(root.hash) === rootHash) return index;
  }
  return null;
}
