/**
 * Checking a whole tree against its published record, as an auditor does with all leaves (no
 * names, no holdings): order and uniqueness of the commitments, the number of leaves, every node's
 * sum and hash, the root and the total.
 */
import { fromHex, toHex } from './bytes';
import { failures, type ProofFailure } from './failures';
import { isValidSum, type SnapshotRecord } from './format';
import { levelAbove, type TreeLeaf, type TreeNode } from './tree';

export interface AuditLeaf {
  commitment: string;
  leafHash: string;
  sum: number;
}

export interface AuditNode {
  hash: string;
  sum: number;
}

function leafFailures(leaves: readonly AuditLeaf[], record: SnapshotRecord): ProofFailure[] {
  const found: ProofFailure[] = [];
  for (const [index, leaf] of leaves.entries()) {
    if (!isValidSum(leaf.sum)) {
      found.push(
        leaf.sum > Number.MAX_SAFE_INTEGER
          ? failures.sumOverflow(`Blatt ${index + 1}`)
          : failures.negativeSum(`Blatt ${index + 1}`),
      );
    }
    const previous = leaves[index - 1];
    if (!previous) continue;
    if (previous.commitment === leaf.commitment) found.push(failures.duplicateCommitment(leaf.commitment));
    else if (previous.commitment > leaf.commitment) found.push(failures.leafOrder(index));
  }
  if (leaves.length !== record.leafCount) found.push(failures.leafMissing(leaves.length, record.leafCount));
  return found;
}

const asNode = (node: AuditNode): TreeNode => ({
  hash: fromHex(node.hash) ?? new Uint8Array(32),
  sum: node.sum,
});

/** The first node of the given levels that is not its children's sum or hash. */
async function levelFailures(levels: readonly (readonly AuditNode[])[]): Promise<ProofFailure[]> {
  for (let index = 1; index < levels.length; index += 1) {
    const children = (levels[index - 1] ?? []).map(asNode);
    const expected = await levelAbove(children);
    const given = levels[index] ?? [];
    for (const [nodeIndex, node] of expected.entries()) {
      const stated = given[nodeIndex];
      if (!stated || stated.sum !== node.sum) return [failures.nodeSumMismatch(index, nodeIndex)];
      if (stated.hash !== toHex(node.hash)) return [failures.nodeHashMismatch(index, nodeIndex)];
    }
  }
  return [];
}

/**
 * Recomputes the tree from the leaves and compares it with the record; with `levels` (as the audit
 * package has them), also names the first node that differs.
 */
export async function verifyTree(
  leaves: readonly AuditLeaf[],
  record: SnapshotRecord,
  levels?: readonly (readonly AuditNode[])[],
): Promise<{ valid: boolean; failures: ProofFailure[] }> {
  const found = leafFailures(leaves, record);
  if (found.length > 0) return { valid: false, failures: found };
  if (levels) {
    const stated = await levelFailures(levels);
    if (stated.length > 0) return { valid: false, failures: stated };
  }
  let level: TreeNode[] = leaves.map((leaf) => asNode({ hash: leaf.leafHash, sum: leaf.sum }));
  while (level.length > 1) level = await levelAbove(level);
  const root = level[0] ?? null;
  const rootSum = root?.sum ?? 0;
  if (rootSum !== record.totalCases)
    return { valid: false, failures: [failures.pathSumMismatch(rootSum, record.totalCases)] };
  if ((root ? toHex(root.hash) : null) !== record.rootHash)
    return { valid: false, failures: [failures.rootMismatch()] };
  return { valid: true, failures: [] };
}

/** The audit form of built leaves (hex). */
export const auditLeafOf = (leaf: TreeLeaf): AuditLeaf => ({
  commitment: toHex(leaf.commitment),
  leafHash: toHex(leaf.hash),
  sum: leaf.sum,
});
