/**
 * A client's leaf: the commitment that hides the customer number behind a nonce, the holdings in
 * their one canonical form, and the leaf hash over both.
 */
import { type Bytes, concatBytes, sha256, utf8 } from './bytes';
import { canonicalJson } from './canonical-json';
import { COMMIT_LABEL, type HoldingsEntry, LEAF_LABEL } from './format';

const SEPARATOR = new Uint8Array([0]);

/** SHA-256( "weindepot-commit-v1" ‖ 0x00 ‖ nonce ‖ customer number ). */
export function commitmentOf(nonce: Uint8Array, customerNumber: string): Promise<Bytes> {
  return sha256(concatBytes(utf8(COMMIT_LABEL), SEPARATOR, nonce, utf8(customerNumber)));
}

/** SHA-256( "weindepot-leaf-v1" ‖ 0x00 ‖ commitment ‖ RFC 8785 JSON of the holdings ). */
export function leafHashOf(commitment: Uint8Array, holdings: readonly HoldingsEntry[]): Promise<Bytes> {
  return sha256(concatBytes(utf8(LEAF_LABEL), SEPARATOR, commitment, utf8(canonicalJson(holdings))));
}

/** One position the business owes (IN_BOND or FOR_SALE), before it is merged into the leaf. */
export interface OwedPosition {
  lwin11: string;
  bottleSizeMl: number;
  cases: number;
  /** The warehouse's lot ids the position's cases are kept under (none before it has one). */
  lotIds: readonly string[];
}

const byCodeUnits = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

const entryOrder = (left: HoldingsEntry, right: HoldingsEntry) =>
  byCodeUnits(left.lwin11, right.lwin11) || left.bottleSizeMl - right.bottleSizeMl;

/**
 * The holdings of one leaf: one entry per (lwin11, bottle size), cases summed, lot ids merged and
 * sorted, entries sorted by lwin11 then bottle size. Positions without cases leave no entry.
 */
export function holdingsOf(positions: Iterable<OwedPosition>): HoldingsEntry[] {
  const entries = new Map<string, { entry: HoldingsEntry; lots: Set<string> }>();
  for (const position of positions) {
    if (position.cases <= 0) continue;
    const key = `${position.lwin11}|${position.bottleSizeMl}`;
    let merged = entries.get(key);
    if (!merged) {
      merged = {
        entry: { lwin11: position.lwin11, bottleSizeMl: position.bottleSizeMl, cases: 0, lotIds: [] },
        lots: new Set(),
      };
      entries.set(key, merged);
    }
    merged.entry.cases += position.cases;
    for (const lotId of position.lotIds) merged.lots.add(lotId);
  }
  return [...entries.values()]
    .map(({ entry, lots }) => ({ ...entry, lotIds: [...lots].sort(byCodeUnits) }))
    .sort(entryOrder);
}

export const casesOf = (holdings: readonly HoldingsEntry[]) =>
  holdings.reduce((total, entry) => total + entry.cases, 0);

/** Why holdings are not in their canonical form, or null when they are. */
export function holdingsProblem(holdings: unknown): string | null {
  if (!Array.isArray(holdings)) return 'keine Liste';
  let previous: HoldingsEntry | null = null;
  for (const [index, entry] of holdings.entries()) {
    const problem = entryProblem(entry);
    if (problem) return `Eintrag ${index + 1}: ${problem}`;
    if (previous && entryOrder(previous, entry) >= 0)
      return `Eintrag ${index + 1} steht nicht in der Reihenfolge`;
    previous = entry;
  }
  return null;
}

const LWIN11 = /^\d{11}$/;

function entryProblem(entry: HoldingsEntry): string | null {
  if (typeof entry !== 'object' || entry === null) return 'kein Objekt';
  if (Object.keys(entry).sort().join() !== 'bottleSizeMl,cases,lotIds,lwin11') return 'unerwartete Felder';
  if (typeof entry.lwin11 !== 'string' || !LWIN11.test(entry.lwin11)) return 'keine LWIN-11';
  if (!Number.isSafeInteger(entry.bottleSizeMl) || entry.bottleSizeMl <= 0) return 'keine Flaschengröße';
  if (!Array.isArray(entry.lotIds) || entry.lotIds.some((lot) => typeof lot !== 'string'))
    return 'keine Lot-Liste';
  const sorted = [...new Set(entry.lotIds)].sort(byCodeUnits);
  if (sorted.join('\n') !== entry.lotIds.join('\n')) return 'Lots nicht sortiert oder doppelt';
  return null;
}
