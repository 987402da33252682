/**
 * Investor profiles and adviser offers. Source WIZARD is the client's own questionnaire; its
 * portfolio is composed by the recommendation engine from the seeded offers (as a saved profile
 * would be). Source MANUALLY is an offer made by the adviser, with the adviser's positions.
 */
import type { ExperienceAnswers } from '../../../src/domain/advice-wizard';
import type { AccountKey } from './accounts';

export interface RecommendationSeed {
  offer: string;
  amount: number;
  /** Adviser price per bottle; defaults to the offer's sell price. */
  sellPriceBtl?: string;
  /** Purchase price per bottle the adviser calculated with; defaults to the first tranche's. */
  withEkp?: boolean;
}

interface ProfileSeedFields {
  client: AccountKey;
  daysAgo: number;
  name: string;
  archived: boolean;
  wineloverVsInvestor: number;
  takesRisk: number;
  investmentHorizon: number;
  investmentSumIntended: string;
  experience: ExperienceAnswers;
}

export type ProfileSeed = ProfileSeedFields &
  ({ source: 'WIZARD' } | { source: 'MANUALLY'; positions: readonly RecommendationSeed[] });

const noExperience: ExperienceAnswers = {
  stocks: false,
  etfs: false,
  realestate: false,
  metals: false,
  watches: false,
  crypto: false,
};

export const profileSeeds: readonly ProfileSeed[] = [
  {
    client: 'kunde',
    source: 'WIZARD',
    daysAgo: 210,
    name: 'Anna Berger',
    archived: false,
    wineloverVsInvestor: 70,
    takesRisk: 55,
    investmentHorizon: 12,
    investmentSumIntended: '50000.00',
    experience: { stocks: true, etfs: true, realestate: true, metals: false, watches: true, crypto: false },
  },
  {
    client: 'kunde',
    source: 'MANUALLY',
    daysAgo: 3,
    name: 'Anna Berger',
    archived: false,
    wineloverVsInvestor: 70,
    takesRisk: 55,
    investmentHorizon: 12,
    investmentSumIntended: '25000.00',
    experience: noExperience,
    positions: [
      { offer: 'mouton-2018-075', amount: 1, sellPriceBtl: '569.00', withEkp: true },
      { offer: 'rousseau-chambertin-2019-075', amount: 1, withEkp: true },
      { offer: 'pingus-2019-075', amount: 2, withEkp: true },
      { offer: 'cristal-2015-075', amount: 1, sellPriceBtl: '284.00', withEkp: true },
    ],
  },
  {
    client: 'kunde',
    source: 'MANUALLY',
    daysAgo: 95,
    name: 'Anna Berger',
    archived: true,
    wineloverVsInvestor: 70,
    takesRisk: 55,
    investmentHorizon: 12,
    investmentSumIntended: '15000.00',
    experience: noExperience,
    positions: [
      { offer: 'ornellaia-2019-075', amount: 2, withEkp: true },
      { offer: 'opus-one-2018-075', amount: 1, withEkp: true },
    ],
  },
];
