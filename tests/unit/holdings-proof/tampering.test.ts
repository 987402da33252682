import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VECTORS_FILE } from '../../../scripts/holdings-proof-vectors';
import { signSnapshotHash } from '../../../server/services/holdings-proof-signing';
import {
  type HoldingsProofFile,
  type SignedSnapshot,
  snapshotHashOf,
  verifyHoldingsProof,
  verifySnapshotChain,
  verifyTree,
} from '../../../src/domain/holdings-proof';

const vectors = JSON.parse(readFileSync(VECTORS_FILE, 'utf8'));
const publicKey: string = vectors.signingKey.publicKey;
/** WD-100001: a path of three steps, LEFT and RIGHT. */
const original: HoldingsProofFile = vectors.proofs[0];
const copy = (): HoldingsProofFile => structuredClone(original);

async function codesOf(proof: unknown) {
  const verification = await verifyHoldingsProof(proof, publicKey);
  expect(verification.valid).toBe(false);
  return verification.failures.map((failure) => failure.code);
}

const flipHex = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;

describe('a tampered proof fails with its own message', () => {
  it('the untouched proof is valid', async () => {
    expect((await verifyHoldingsProof(original, publicKey)).valid).toBe(true);
  });

  it("a sibling's sum changed", async () => {
    const proof = copy();
    (proof.path[1] as { sum: number }).sum += 1;
    expect(await codesOf(proof)).toEqual(['path-sum-mismatch']);
    const { failures } = await verifyHoldingsProof(proof, publicKey);
    expect(failures[0]?.message).toBe(
      'Die Summen des Pfads ergeben 33 Kisten, der Nachweis nennt 32 Kisten: Eine Summe wurde verändert.',
    );
  });

  it("a sibling's hash changed", async () => {
    const proof = copy();
    (proof.path[2] as { hash: string }).hash = flipHex(proof.path[2]?.hash ?? '');
    expect(await codesOf(proof)).toEqual(['root-mismatch']);
  });

  it("a sibling's side turned round, and the level named", async () => {
    const proof = copy();
    const step = proof.path[1] as { side: 'LEFT' | 'RIGHT' };
    step.side = step.side === 'LEFT' ? 'RIGHT' : 'LEFT';
    const { failures } = await verifyHoldingsProof(proof, publicKey);
    expect(failures).toEqual([
      {
        code: 'side-swapped',
        message:
          'Auf Ebene 2 des Pfads steht der Nachbarknoten auf der falschen Seite: Der Pfad wurde verändert.',
      },
    ]);
  });

  it('a side that is neither LEFT nor RIGHT', async () => {
    const proof = copy();
    (proof.path[0] as { side: string }).side = 'MIDDLE';
    expect(await codesOf(proof)).toEqual(['side-invalid']);
  });

  it('a negative sibling sum', async () => {
    const proof = copy();
    (proof.path[0] as { sum: number }).sum = -6;
    expect(await codesOf(proof)).toEqual(['negative-sum']);
  });

  it('an overflowing sibling sum, and a walk that would overflow', async () => {
    const tooLarge = copy();
    (tooLarge.path[0] as { sum: number }).sum = 2 ** 53;
    expect(await codesOf(tooLarge)).toEqual(['sum-overflow']);
    const adding = copy();
    (adding.path[0] as { sum: number }).sum = Number.MAX_SAFE_INTEGER;
    expect(await codesOf(adding)).toEqual(['sum-overflow']);
  });

  it('holdings changed after the snapshot (a lot id exchanged)', async () => {
    const proof = copy();
    (proof.holdings[0] as { lotIds: string[] }).lotIds = ['GE-2026-0001', 'GE-2026-0009'];
    expect(await codesOf(proof)).toEqual(['leaf-hash-mismatch']);
  });

  it('a negative count in the holdings', async () => {
    const proof = copy();
    (proof.holdings[1] as { cases: number }).cases = -1;
    expect(await codesOf(proof)).toEqual(['negative-sum']);
  });

  it('another customer number under the same leaf', async () => {
    const proof = copy();
    proof.customerNumber = 'WD-100009';
    expect(await codesOf(proof)).toEqual(['commitment-mismatch']);
  });

  it('a snapshot field changed after signing', async () => {
    const proof = copy();
    proof.snapshot.totalBottles += 6;
    expect(await codesOf(proof)).toEqual(['snapshot-hash-mismatch']);
  });

  it('a bad signature, and a key other than the published one', async () => {
    const proof = copy();
    proof.snapshot.signature = `A${proof.snapshot.signature.slice(1)}`;
    expect(await codesOf(proof)).toEqual(['signature-invalid']);
    const otherKey = copy();
    otherKey.publicKey = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    expect(await codesOf(otherKey)).toEqual(['key-mismatch']);
  });

  it('a file that is no proof', async () => {
    expect(await codesOf({ format: 'weindepot-holdings-proof-v1' })).toEqual(['malformed']);
    expect(await codesOf(null)).toEqual(['malformed']);
  });

  it('every kind of tampering has a message of its own', async () => {
    const kinds = [
      (proof: HoldingsProofFile) => Object.assign(proof.path[1] as object, { sum: 99 }),
      (proof: HoldingsProofFile) => Object.assign(proof.path[2] as object, { hash: '00'.repeat(32) }),
      (proof: HoldingsProofFile) => Object.assign(proof.path[0] as object, { side: 'RIGHT' }),
      (proof: HoldingsProofFile) => Object.assign(proof.path[0] as object, { sum: -1 }),
      (proof: HoldingsProofFile) => Object.assign(proof.path[0] as object, { sum: 2 ** 60 }),
      (proof: HoldingsProofFile) =>
        Object.assign(proof.snapshot, { signature: original.snapshot.signature.replace(/^./, 'B') }),
    ];
    const messages = new Set<string>();
    for (const tamper of kinds) {
      const proof = copy();
      tamper(proof);
      const { failures } = await verifyHoldingsProof(proof, publicKey);
      messages.add(failures.map((failure) => failure.message).join(' | '));
    }
    expect(messages.size).toBe(kinds.length);
  });
});

const treeLeaves = () =>
  vectors.tree.leafOrder.map((commitment: string) => {
    const client = vectors.clients.find((other: { commitment: string }) => other.commitment === commitment);
    return { commitment, leafHash: client.leafHash, sum: client.sum };
  });
const record: SignedSnapshot = vectors.snapshots[0];

describe('a tampered tree fails against its record', () => {
  it('a leaf left out', async () => {
    const leaves = treeLeaves();
    leaves.splice(2, 1);
    const { failures } = await verifyTree(leaves, record);
    expect(failures).toEqual([
      {
        code: 'leaf-missing',
        message:
          'Der Baum hat 4 Blätter, der Nachweis nennt 5: Ein Blatt wurde weggelassen oder hinzugefügt.',
      },
    ]);
  });

  it('a duplicated commitment', async () => {
    const leaves = treeLeaves();
    leaves[1] = { ...leaves[1], commitment: leaves[0].commitment };
    expect((await verifyTree(leaves, record)).failures.map((failure) => failure.code)).toEqual([
      'duplicate-commitment',
    ]);
  });

  it('leaves out of order', async () => {
    const leaves = treeLeaves();
    [leaves[0], leaves[1]] = [leaves[1], leaves[0]];
    expect((await verifyTree(leaves, record)).failures.map((failure) => failure.code)).toEqual([
      'leaf-order',
    ]);
  });

  it("a node's sum or hash changed in the stated levels", async () => {
    const levels = structuredClone(vectors.tree.levels);
    levels[1][1].sum += 1;
    expect((await verifyTree(treeLeaves(), record, levels)).failures).toEqual([
      {
        code: 'node-sum-mismatch',
        message: 'Die Summe des Knotens 2 auf Ebene 1 ist nicht die Summe seiner Kinder.',
      },
    ]);
    const hashes = structuredClone(vectors.tree.levels);
    hashes[2][0].hash = '00'.repeat(32);
    expect((await verifyTree(treeLeaves(), record, hashes)).failures.map((failure) => failure.code)).toEqual([
      'node-hash-mismatch',
    ]);
  });

  it("a leaf's sum changed: the total no longer matches", async () => {
    const leaves = treeLeaves();
    leaves[3] = { ...leaves[3], sum: leaves[3].sum + 1 };
    expect((await verifyTree(leaves, record)).failures.map((failure) => failure.code)).toEqual([
      'path-sum-mismatch',
    ]);
    leaves[3] = { ...leaves[3], sum: -1 };
    expect((await verifyTree(leaves, record)).failures.map((failure) => failure.code)).toEqual([
      'negative-sum',
    ]);
  });
});

describe('the chain of snapshots', () => {
  const seed: string = vectors.signingKey.seed;

  it('a record rewritten in place: its hash no longer matches, at its date', async () => {
    const [latest, genesis] = structuredClone(vectors.snapshots) as [SignedSnapshot, SignedSnapshot];
    genesis.totalCases = 99;
    const { failures } = await verifySnapshotChain([latest, genesis], publicKey);
    expect(failures).toEqual([
      {
        code: 'snapshot-hash-mismatch',
        message:
          'Der Nachweis vom 30.11.2026 wurde nach seiner Veröffentlichung verändert: Sein Hash stimmt nicht.',
      },
    ]);
  });

  it('a record rewritten and re-signed: the next one no longer names it', async () => {
    const [latest, genesis] = structuredClone(vectors.snapshots) as [SignedSnapshot, SignedSnapshot];
    genesis.totalCases = 99;
    genesis.snapshotHash = await snapshotHashOf(genesis);
    genesis.signature = signSnapshotHash(genesis.snapshotHash, seed);
    const { failures } = await verifySnapshotChain([latest, genesis], publicKey);
    expect(failures).toEqual([
      {
        code: 'chain-broken',
        message:
          'Die Kette ist unterbrochen: Der Nachweis vom 01.12.2026 nennt nicht den vom 30.11.2026 als Vorgänger.',
      },
    ]);
  });

  it('a record signed with another key', async () => {
    const [latest, genesis] = structuredClone(vectors.snapshots) as [SignedSnapshot, SignedSnapshot];
    latest.signature = signSnapshotHash(latest.snapshotHash, Buffer.alloc(32, 7).toString('base64'));
    expect(
      (await verifySnapshotChain([latest, genesis], publicKey)).failures.map((failure) => failure.code),
    ).toEqual(['signature-invalid']);
  });
});
