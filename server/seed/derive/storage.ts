/**
 * Case numbers in the bonded warehouse and the cases each tranche has on invoices. Every
 * tranche that is stored (has a customs reference) or sold to the demo client gets a range of
 * case numbers; the client's depot positions take theirs from that range in order.
 */
import { depotPositionSeeds } from '../data/depot';
import { offerSeeds } from '../data/offers';
import { trancheKey } from './catalogue';

export interface StoragePlan {
  /** Case numbers of a tranche by tranche key. */
  trancheCases: ReadonlyMap<string, readonly number[]>;
  /** Case numbers of each depot position, in the order of `depotPositionSeeds`. */
  depotCases: readonly (readonly number[])[];
  /** Cases of a tranche that are on the client's invoices (her depot positions). */
  onInvoice: ReadonlyMap<string, number>;
}

const FIRST_CASE_NUMBER = 20001;
const RANGE_PER_TRANCHE = 100;

export function storagePlan(): StoragePlan {
  const onInvoice = new Map<string, number>();
  for (const position of depotPositionSeeds) {
    const key = trancheKey(position.offer, position.tranche);
    onInvoice.set(key, (onInvoice.get(key) ?? 0) + position.amount);
  }

  const trancheCases = new Map<string, number[]>();
  let serial = 0;
  for (const offer of offerSeeds) {
    offer.tranches.forEach((tranche, index) => {
      const key = trancheKey(offer.key, index);
      const sold = onInvoice.get(key) ?? 0;
      if (tranche.available + sold > tranche.total) {
        throw new Error(`Demodaten: Tranche ${key} hat mehr verkaufte und freie Kisten als insgesamt.`);
      }
      if (tranche.mrn || sold > 0) {
        const first = FIRST_CASE_NUMBER + serial * RANGE_PER_TRANCHE;
        trancheCases.set(
          key,
          Array.from({ length: tranche.total }, (_, offset) => first + offset),
        );
      }
      serial += 1;
    });
  }

  const nextCase = new Map<string, number>();
  const depotCases = depotPositionSeeds.map((position) => {
    const key = trancheKey(position.offer, position.tranche);
    const cases = trancheCases.get(key);
    if (!cases) throw new Error(`Demodaten: Tranche ${key} der Depotposition fehlt.`);
    const start = nextCase.get(key) ?? 0;
    nextCase.set(key, start + position.amount);
    return cases.slice(start, start + position.amount);
  });

  return { trancheCases, depotCases, onInvoice };
}

export const formatCaseNumbers = (cases: readonly number[]): string => cases.join(', ');
