/**
 * The Merkle-sum tree over all leaves of a snapshot: leaves ordered by commitment, each parent the
 * hash of both children with their sums, an odd node carried up unchanged. The server builds it;
 * the path of one leaf is what a client gets to check their own entry.
 */
import { type Bytes, compareBytes, concatBytes, sha256, toHex, uint64BigEndian, utf8 } from './bytes';
import { isValidSum, MAX_SUM, NODE_LABEL, type PathStep } from './format';

export interface TreeNode {
  hash: Bytes;
  sum: number;
}

export interface TreeLeaf extends TreeNode {
  commitment: Bytes;
}

export interface MerkleSumTree {
  /** The leaves, ordered by commitment. */
  leaves: TreeLeaf[];
  /** levels[0] are the leaves, the last level holds the root alone; empty without leaves. */
  levels: TreeNode[][];
  root: TreeNode | null;
}

/** Why a tree cannot be built: the build refuses rather than publish a tree a verifier would reject. */
export class TreeBuildError extends Error {
  constructor(
    readonly code: 'duplicate-commitment' | 'negative-sum' | 'sum-overflow',
    message: string,
  ) {
    super(message);
    this.name = 'TreeBuildError';
  }
}

const NODE_PREFIX = concatBytes(utf8(NODE_LABEL), new Uint8Array([0]));

/** SHA-256( "weindepot-node-v1" ‖ 0x00 ‖ left.hash ‖ uint64(left.sum) ‖ right.hash ‖ uint64(right.sum) ). */
export function nodeHashOf(left: TreeNode, right: TreeNode): Promise<Bytes> {
  return sha256(
    concatBytes(NODE_PREFIX, left.hash, uint64BigEndian(left.sum), right.hash, uint64BigEndian(right.sum)),
  );
}

/** The parent of two nodes; refuses a sum beyond the format's range. */
export async function parentOf(left: TreeNode, right: TreeNode): Promise<TreeNode> {
  const sum = left.sum + right.sum;
  if (sum > MAX_SUM) throw new TreeBuildError('sum-overflow', 'Die Summe zweier Knoten übersteigt 2^53 − 1.');
  return { hash: await nodeHashOf(left, right), sum };
}

/** The next level up: pairs hashed, an odd last node carried up unchanged. */
export async function levelAbove(level: readonly TreeNode[]): Promise<TreeNode[]> {
  const parents: TreeNode[] = [];
  for (let index = 0; index + 1 < level.length; index += 2) {
    parents.push(await parentOf(level[index] as TreeNode, level[index + 1] as TreeNode));
  }
  if (level.length % 2 === 1) parents.push(level[level.length - 1] as TreeNode);
  return parents;
}

/** Sorts the leaves by commitment, refuses two equal commitments and invalid sums, builds every level. */
export async function buildTree(unordered: readonly TreeLeaf[]): Promise<MerkleSumTree> {
  const leaves = [...unordered].sort((left, right) => compareBytes(left.commitment, right.commitment));
  for (const [index, leaf] of leaves.entries()) {
    if (!isValidSum(leaf.sum)) {
      throw new TreeBuildError(
        leaf.sum < 0 ? 'negative-sum' : 'sum-overflow',
        `Ein Blatt nennt die ungültige Summe ${leaf.sum}.`,
      );
    }
    const previous = leaves[index - 1];
    if (previous && compareBytes(previous.commitment, leaf.commitment) === 0) {
      throw new TreeBuildError(
        'duplicate-commitment',
        `Die Zusage ${toHex(leaf.commitment)} kommt zweimal vor.`,
      );
    }
  }
  if (leaves.length === 0) return { leaves, levels: [], root: null };
  const levels: TreeNode[][] = [leaves.map(({ hash, sum }) => ({ hash, sum }))];
  let level = levels[0] as TreeNode[];
  while (level.length > 1) {
    level = await levelAbove(level);
    levels.push(level);
  }
  return { leaves, levels, root: level[0] ?? null };
}

/** The siblings of the leaf at `leafIndex` (in commitment order), from the leaf up. */
export function proofPath(tree: Pick<MerkleSumTree, 'levels'>, leafIndex: number): PathStep[] {
  const path: PathStep[] = [];
  let index = leafIndex;
  for (const level of tree.levels.slice(0, -1)) {
    const siblingIndex = index % 2 === 0 ? index + 1 : index - 1;
    const sibling = level[siblingIndex];
    if (sibling) {
      path.push({
        hash: toHex(sibling.hash),
        sum: sibling.sum,
        side: siblingIndex < index ? 'LEFT' : 'RIGHT',
      });
    }
    index = Math.floor(index / 2);
  }
  return path;
}
