import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_PROOF_FILE,
  EXAMPLE_SNAPSHOTS_FILE,
  exampleProof,
  holdingsProofVectors,
  VECTORS_FILE,
} from '../../../scripts/holdings-proof-vectors';
import {
  buildTree,
  canonicalJson,
  commitmentOf,
  fromHex,
  holdingsOf,
  leafHashOf,
  proofPath,
  snapshotHashOf,
  snapshotSignatureValid,
  TreeBuildError,
  toHex,
  verifyHoldingsProof,
  verifySnapshotChain,
  verifyTree,
} from '../../../src/domain/holdings-proof';

const stored = JSON.parse(readFileSync(VECTORS_FILE, 'utf8'));
const documentText = readFileSync(
  path.resolve(import.meta.dirname, '../../../docs/holdings-proof.md'),
  'utf8',
);

describe('the fixed vectors of docs/holdings-proof.md', () => {
  it('are what the code computes, and the example files with them', async () => {
    const vectors = await holdingsProofVectors();
    const stored = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
    expect(vectors).toEqual(stored(VECTORS_FILE));
    expect(exampleProof(vectors.proofs)).toEqual(stored(EXAMPLE_PROOF_FILE));
    expect(vectors.snapshots).toEqual(stored(EXAMPLE_SNAPSHOTS_FILE));
  });

  it('each client: commitment, canonical holdings and leaf hash as stated', async () => {
    for (const client of stored.clients) {
      const holdings = holdingsOf(client.positions);
      expect(holdings).toEqual(client.holdings);
      expect(canonicalJson(holdings)).toBe(client.holdingsJson);
      const commitment = await commitmentOf(fromHex(client.nonce) as Uint8Array, client.customerNumber);
      expect(toHex(commitment)).toBe(client.commitment);
      expect(toHex(await leafHashOf(commitment, holdings))).toBe(client.leafHash);
    }
  });

  it('are printed in the document, so a verifier written from it can test against them', () => {
    const [snapshot] = stored.snapshots;
    for (const client of stored.clients) {
      expect(documentText).toContain(client.commitment);
      expect(documentText).toContain(client.leafHash);
      expect(documentText).toContain(client.holdingsJson);
    }
    for (const level of stored.tree.levels)
      for (const node of level) expect(documentText).toContain(node.hash);
    expect(documentText).toContain(stored.recordJson);
    expect(documentText).toContain(snapshot.snapshotHash);
    expect(documentText).toContain(snapshot.signature);
    expect(documentText).toContain(stored.signingKey.publicKey);
  });

  it('the tree: leaves by commitment, odd nodes carried up, the root the signed record names', async () => {
    const leaves = await Promise.all(
      stored.clients.map(async (client: { commitment: string; leafHash: string; sum: number }) => ({
        commitment: fromHex(client.commitment) as Uint8Array<ArrayBuffer>,
        hash: fromHex(client.leafHash) as Uint8Array<ArrayBuffer>,
        sum: client.sum,
      })),
    );
    const tree = await buildTree(leaves);
    expect(tree.leaves.map((leaf) => toHex(leaf.commitment))).toEqual(stored.tree.leafOrder);
    expect(
      tree.levels.map((level) => level.map((node) => ({ hash: toHex(node.hash), sum: node.sum }))),
    ).toEqual(stored.tree.levels);
    const [snapshot] = stored.snapshots;
    expect(tree.root && toHex(tree.root.hash)).toBe(snapshot.rootHash);
    expect(tree.root?.sum).toBe(32);
    for (const proof of stored.proofs) {
      const index = stored.tree.leafOrder.indexOf(proof.commitment);
      expect(proofPath(tree, index)).toEqual(proof.path);
    }
  });

  it('the records hash and verify with the published key', async () => {
    for (const snapshot of stored.snapshots) {
      expect(await snapshotHashOf(snapshot)).toBe(snapshot.snapshotHash);
      expect(
        await snapshotSignatureValid(snapshot.snapshotHash, snapshot.signature, stored.signingKey.publicKey),
      ).toBe(true);
    }
  });

  it("every client's proof verifies, the chain holds, the tree matches its record", async () => {
    for (const proof of stored.proofs) {
      expect(await verifyHoldingsProof(proof, stored.signingKey.publicKey)).toEqual({
        valid: true,
        failures: [],
        cases: stored.clients.find(
          (client: { customerNumber: string }) => client.customerNumber === proof.customerNumber,
        ).sum,
      });
    }
    expect(await verifySnapshotChain(stored.snapshots, stored.signingKey.publicKey)).toEqual({
      valid: true,
      failures: [],
      checked: 2,
    });
    const leaves = stored.tree.leafOrder.map((commitment: string) => {
      const client = stored.clients.find((other: { commitment: string }) => other.commitment === commitment);
      return { commitment, leafHash: client.leafHash, sum: client.sum };
    });
    expect(await verifyTree(leaves, stored.snapshots[0], stored.tree.levels)).toEqual({
      valid: true,
      failures: [],
    });
  });

  it('an empty tree has no root', async () => {
    expect(await buildTree([])).toEqual({ leaves: [], levels: [], root: null });
  });

  it('the build refuses two equal commitments', async () => {
    const leaf = { commitment: new Uint8Array(32), hash: new Uint8Array(32), sum: 1 };
    await expect(buildTree([leaf, { ...leaf, sum: 2 }])).rejects.toThrow(TreeBuildError);
    await expect(buildTree([leaf, { ...leaf, sum: 2 }])).rejects.toMatchObject({
      code: 'duplicate-commitment',
    });
  });

  it('the build refuses a negative or too large sum', async () => {
    const leaf = (byte: number, sum: number) => ({
      commitment: new Uint8Array(32).fill(byte),
      hash: new Uint8Array(32),
      sum,
    });
    await expect(buildTree([leaf(1, -1)])).rejects.toMatchObject({ code: 'negative-sum' });
    await expect(buildTree([leaf(1, 2 ** 53)])).rejects.toMatchObject({ code: 'sum-overflow' });
    await expect(buildTree([leaf(1, Number.MAX_SAFE_INTEGER), leaf(2, 1)])).rejects.toMatchObject({
      code: 'sum-overflow',
    });
  });
});
