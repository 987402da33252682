/**
 * Writes the fixed test vectors of docs/holdings-proof.md: five clients with fixed nonces, the tree
 * over them, two chained snapshot records signed with RFC 8032's first test key (public, so never a
 * real key), every client's proof, and an example proof file with its chain for the standalone
 * verifier. tests/unit/holdings-proof/vectors.test.ts checks that the code still gives these values.
 *
 *   npx tsx scripts/holdings-proof-vectors.ts
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { proofPublicKeyOf, signSnapshotHash } from '../server/services/holdings-proof-signing';
import {
  buildTree,
  canonicalJson,
  canonicalRecordJson,
  casesOf,
  commitmentOf,
  type HoldingsProofFile,
  holdingsOf,
  leafHashOf,
  type OwedPosition,
  PROOF_FILE_FORMAT,
  proofPath,
  recordOf,
  type SignedSnapshot,
  type SnapshotRecord,
  snapshotHashOf,
  toHex,
} from '../src/domain/holdings-proof';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** RFC 8032, section 7.1, TEST 1: a published key, for vectors only. */
const SEED = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex').toString(
  'base64',
);

interface ClientInput {
  customerNumber: string;
  nonce: string;
  positions: (OwedPosition & { bottlesPerCase: number })[];
}

const clients: ClientInput[] = [
  {
    customerNumber: 'WD-100001',
    nonce: '11'.repeat(32),
    positions: [
      { lwin11: '10112292015', bottleSizeMl: 750, cases: 3, lotIds: ['GE-2026-0002'], bottlesPerCase: 6 },
      { lwin11: '10112292015', bottleSizeMl: 750, cases: 2, lotIds: ['GE-2026-0001'], bottlesPerCase: 6 },
      { lwin11: '10112292015', bottleSizeMl: 1500, cases: 1, lotIds: ['GE-2026-0003'], bottlesPerCase: 3 },
    ],
  },
  {
    customerNumber: 'WD-100002',
    nonce: '22'.repeat(32),
    positions: [
      { lwin11: '11234562018', bottleSizeMl: 750, cases: 12, lotIds: ['GE-2026-0100'], bottlesPerCase: 12 },
    ],
  },
  {
    customerNumber: 'WD-100003',
    nonce: '33'.repeat(32),
    positions: [
      { lwin11: '10987652019', bottleSizeMl: 750, cases: 2, lotIds: [], bottlesPerCase: 6 },
      { lwin11: '10112292015', bottleSizeMl: 750, cases: 4, lotIds: ['GE-2026-0004'], bottlesPerCase: 6 },
    ],
  },
  {
    customerNumber: 'WD-100004',
    nonce: '44'.repeat(32),
    positions: [
      { lwin11: '10555552020', bottleSizeMl: 375, cases: 1, lotIds: ['GE-2026-0200'], bottlesPerCase: 12 },
    ],
  },
  {
    customerNumber: 'WD-100005',
    nonce: '55'.repeat(32),
    positions: [
      { lwin11: '11234562018', bottleSizeMl: 750, cases: 7, lotIds: ['GE-2026-0101'], bottlesPerCase: 12 },
    ],
  },
];

async function leafOf(client: ClientInput) {
  const holdings = holdingsOf(client.positions);
  const commitment = await commitmentOf(Buffer.from(client.nonce, 'hex'), client.customerNumber);
  const hash = await leafHashOf(commitment, holdings);
  return { client, holdings, commitment, hash, sum: casesOf(holdings) };
}

async function signed(record: SnapshotRecord): Promise<SignedSnapshot> {
  const snapshotHash = await snapshotHashOf(record);
  return { ...recordOf(record), snapshotHash, signature: signSnapshotHash(snapshotHash, SEED) };
}

const bottlesOf = (inputs: readonly ClientInput[]) =>
  inputs.flatMap((client) => client.positions).reduce((total, p) => total + p.cases * p.bottlesPerCase, 0);

export async function holdingsProofVectors() {
  const leaves = await Promise.all(clients.map(leafOf));
  const tree = await buildTree(leaves);
  const genesisTree = await buildTree(leaves.slice(0, 4));
  const base = {
    version: 1 as const,
    warehouseReportSha256: toHex(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('Beispielbericht'))),
    ),
  };
  const genesis = await signed({
    ...base,
    date: '2026-11-30',
    takenAt: '2026-11-30T01:00:00.000Z',
    rootHash: genesisTree.root ? toHex(genesisTree.root.hash) : null,
    totalCases: genesisTree.root?.sum ?? 0,
    totalBottles: bottlesOf(clients.slice(0, 4)),
    leafCount: 4,
    warehouseReportAsOf: '2026-11-29',
    warehouseCasesForClients: genesisTree.root?.sum ?? 0,
    discrepancies: { critical: 0, other: 0 },
    previousSnapshotHash: null,
  });
  const snapshot = await signed({
    ...base,
    date: '2026-12-01',
    takenAt: '2026-12-01T01:00:00.000Z',
    rootHash: tree.root ? toHex(tree.root.hash) : null,
    totalCases: tree.root?.sum ?? 0,
    totalBottles: bottlesOf(clients),
    leafCount: leaves.length,
    warehouseReportAsOf: '2026-11-30',
    warehouseCasesForClients: (tree.root?.sum ?? 0) - 7,
    discrepancies: { critical: 1, other: 0 },
    previousSnapshotHash: genesis.snapshotHash,
  });
  const publicKey = proofPublicKeyOf(SEED);
  const proofs: HoldingsProofFile[] = leaves.map((leaf) => ({
    format: PROOF_FILE_FORMAT,
    snapshot,
    publicKey,
    nonce: leaf.client.nonce,
    customerNumber: leaf.client.customerNumber,
    commitment: toHex(leaf.commitment),
    holdings: leaf.holdings,
    leafHash: toHex(leaf.hash),
    path: proofPath(tree, tree.leaves.indexOf(leaf)),
  }));
  return {
    signingKey: { seed: SEED, publicKey },
    clients: leaves.map((leaf) => ({
      customerNumber: leaf.client.customerNumber,
      nonce: leaf.client.nonce,
      positions: leaf.client.positions,
      holdings: leaf.holdings,
      holdingsJson: canonicalJson(leaf.holdings),
      commitment: toHex(leaf.commitment),
      leafHash: toHex(leaf.hash),
      sum: leaf.sum,
    })),
    tree: {
      leafOrder: tree.leaves.map((leaf) => toHex(leaf.commitment)),
      levels: tree.levels.map((level) => level.map((node) => ({ hash: toHex(node.hash), sum: node.sum }))),
    },
    snapshots: [snapshot, genesis],
    recordJson: canonicalRecordJson(snapshot),
    proofs,
  };
}

export const VECTORS_FILE = path.join(root, 'docs/holdings-proof-vectors.json');
export const EXAMPLE_PROOF_FILE = path.join(root, 'docs/holdings-proof-example.json');
export const EXAMPLE_SNAPSHOTS_FILE = path.join(root, 'docs/holdings-proof-example-snapshots.json');

/** The example file: the proof with the longest path, so it shows both sides. */
export const exampleProof = (proofs: readonly HoldingsProofFile[]) =>
  [...proofs].sort((left, right) => right.path.length - left.path.length)[0];

const asFileText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const vectors = await holdingsProofVectors();
  writeFileSync(VECTORS_FILE, asFileText(vectors));
  writeFileSync(EXAMPLE_PROOF_FILE, asFileText(exampleProof(vectors.proofs)));
  writeFileSync(EXAMPLE_SNAPSHOTS_FILE, asFileText(vectors.snapshots));
  // Formatted as the linter keeps every JSON file of the repository.
  const files = [VECTORS_FILE, EXAMPLE_PROOF_FILE, EXAMPLE_SNAPSHOTS_FILE];
  execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', ...files]);
  console.log(
    `Geschrieben: ${path.relative(root, VECTORS_FILE)}, ${path.relative(root, EXAMPLE_PROOF_FILE)}, ${path.relative(root, EXAMPLE_SNAPSHOTS_FILE)}`,
  );
}
