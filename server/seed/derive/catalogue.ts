/**
 * The catalogue data joined by key: every vintage with its wine, winery and region. A typo in
 * a key fails with a message naming it (and the seed transaction rolls back).
 */
import { type OfferSeed, offerSeeds } from '../data/offers';
import type { VintageSeed } from '../data/vintages';
import { vintageSeeds } from '../data/vintages';
import type { WinerySeed } from '../data/wineries';
import { winerySeeds } from '../data/wineries';
import type { WineSeed } from '../data/wines';
import { wineSeeds } from '../data/wines';

export interface VintageFacts {
  key: string;
  seed: VintageSeed;
  wine: WineSeed;
  winery: WinerySeed;
  region: string;
  lwin11: string;
}

export function lookup<Value>(map: ReadonlyMap<string, Value>, key: string, what: string): Value {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demodaten: ${what} „${key}“ ist unbekannt.`);
  return value;
}

const wineriesByKey = new Map(winerySeeds.map((winery) => [winery.key, winery]));
const winesByKey = new Map(wineSeeds.map((wine) => [wine.key, wine]));

export const wineryOf = (wine: WineSeed): WinerySeed => lookup(wineriesByKey, wine.winery, 'Weingut');
const wineByKey = (key: string): WineSeed => lookup(winesByKey, key, 'Wein');

export const vintageFacts: readonly VintageFacts[] = vintageSeeds.map((seed) => {
  const wine = wineByKey(seed.wine);
  const winery = wineryOf(wine);
  return {
    key: `${seed.wine}-${seed.year}`,
    seed,
    wine,
    winery,
    region: winery.region,
    lwin11: `${wine.lwin}${seed.year}`,
  };
});

const offersByKey = new Map(offerSeeds.map((offer) => [offer.key, offer]));
export const offerByKey = (key: string): OfferSeed => lookup(offersByKey, key, 'Angebot');

/** Key of a purchase tranche: the offer key and the tranche's index in the offer. */
export const trancheKey = (offerKey: string, index: number): string => `${offerKey}#${index}`;
