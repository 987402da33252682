/**
 * The depot of the demo client and her order list, the purchase of the business client (an
 * e-invoice), plus the invoice of the client whose binding order is being checked. Each purchase of the demo client (the positions bought on one day) has
 * its invoice, dated on the purchase day and numbered in date order (`derive/invoices.ts`).
 */
import type { AccountKey } from './accounts';

export type DepotStatusSeed = 'SHIPPING' | 'IN_BOND' | 'FOR_SALE' | 'SOLD';

export interface DepotPositionSeed {
  /** Whose depot: the demo client unless said otherwise. */
  client?: AccountKey;
  offer: string;
  /** Index of the purchase tranche in the offer. */
  tranche: number;
  /** Cases. */
  amount: number;
  /** Price per bottle the client paid. */
  buyPriceBtl: string;
  purchasedDaysAgo: number;
  /** Status changes after the purchase, in days after the purchase date. */
  later: readonly (readonly [DepotStatusSeed, number])[];
}

/** An invoice that is not a purchase of the demo depot: an order still being checked (no number yet). */
export interface InvoiceSeed {
  key: string;
  client: AccountKey;
  stage: 'CHECK_NEEDED';
  daysAgo: number;
}

/** Positions of an invoice that did not (yet) become depot positions. */
export interface PendingInvoicePositionSeed {
  invoice: string;
  offer: string;
  amount: number;
  conditionReport: boolean;
}

export const depotPositionSeeds: readonly DepotPositionSeed[] = [
  {
    offer: 'lafite-2016-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '649.00',
    purchasedDaysAgo: 1060,
    later: [
      ['SHIPPING', 14],
      ['IN_BOND', 41],
    ],
  },
  {
    offer: 'sassicaia-2016-075',
    tranche: 0,
    amount: 2,
    buyPriceBtl: '329.00',
    purchasedDaysAgo: 1000,
    later: [
      ['SHIPPING', 12],
      ['IN_BOND', 36],
    ],
  },
  {
    offer: 'dom-perignon-2012-075',
    tranche: 0,
    amount: 2,
    buyPriceBtl: '205.00',
    purchasedDaysAgo: 940,
    later: [
      ['SHIPPING', 10],
      ['IN_BOND', 30],
      ['FOR_SALE', 520],
      ['SOLD', 585],
    ],
  },
  {
    offer: 'petrus-2015-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '4390.00',
    purchasedDaysAgo: 880,
    later: [
      ['SHIPPING', 9],
      ['IN_BOND', 33],
    ],
  },
  {
    offer: 'rousseau-chambertin-2017-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '1950.00',
    purchasedDaysAgo: 800,
    later: [
      ['SHIPPING', 15],
      ['IN_BOND', 44],
      ['FOR_SALE', 690],
    ],
  },
  {
    offer: 'ornellaia-2016-150',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '519.00',
    purchasedDaysAgo: 720,
    later: [
      ['SHIPPING', 11],
      ['IN_BOND', 38],
    ],
  },
  {
    offer: 'opus-one-2018-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '329.00',
    purchasedDaysAgo: 640,
    later: [
      ['SHIPPING', 18],
      ['IN_BOND', 52],
    ],
  },
  {
    offer: 'vega-sicilia-unico-2011-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '379.00',
    purchasedDaysAgo: 560,
    later: [
      ['SHIPPING', 13],
      ['IN_BOND', 40],
      ['FOR_SALE', 480],
    ],
  },
  {
    offer: 'krug-vintage-2008-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '309.00',
    purchasedDaysAgo: 520,
    later: [
      ['SHIPPING', 8],
      ['IN_BOND', 29],
      ['FOR_SALE', 300],
      ['SOLD', 350],
    ],
  },
  {
    offer: 'margaux-2015-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '845.00',
    purchasedDaysAgo: 480,
    later: [
      ['SHIPPING', 10],
      ['IN_BOND', 37],
    ],
  },
  {
    offer: 'monfortino-2015-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '995.00',
    purchasedDaysAgo: 480,
    later: [
      ['SHIPPING', 12],
      ['IN_BOND', 39],
    ],
  },
  {
    offer: 'guigal-la-mouline-2017-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '389.00',
    purchasedDaysAgo: 300,
    later: [
      ['SHIPPING', 10],
      ['IN_BOND', 35],
    ],
  },
  {
    offer: 'carruades-2016-0375',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '125.00',
    purchasedDaysAgo: 200,
    later: [
      ['SHIPPING', 9],
      ['IN_BOND', 31],
    ],
  },
  {
    offer: 'cheval-blanc-2019-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '575.00',
    purchasedDaysAgo: 45,
    later: [['SHIPPING', 12]],
  },
  {
    offer: 'sassicaia-2019-075',
    tranche: 0,
    amount: 2,
    buyPriceBtl: '269.00',
    purchasedDaysAgo: 45,
    later: [['SHIPPING', 12]],
  },
  {
    offer: 'margaux-2025-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '549.00',
    purchasedDaysAgo: 45,
    later: [],
  },
  {
    offer: 'dom-perignon-2015-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '209.00',
    purchasedDaysAgo: 45,
    later: [
      ['SHIPPING', 8],
      ['IN_BOND', 33],
    ],
  },
  {
    offer: 'leflaive-pucelles-vv-2019-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '465.00',
    purchasedDaysAgo: 380,
    later: [
      ['SHIPPING', 10],
      ['IN_BOND', 36],
    ],
  },
  // The business client's purchase: its paid invoice is an e-invoice (Factur-X) on a fresh portal.
  {
    client: 'firma',
    offer: 'opus-one-2018-075',
    tranche: 0,
    amount: 1,
    buyPriceBtl: '389.00',
    purchasedDaysAgo: 20,
    later: [
      ['SHIPPING', 3],
      ['IN_BOND', 15],
    ],
  },
];

export const invoiceSeeds: readonly InvoiceSeed[] = [
  { key: 'thomas-1', client: 'thomas', stage: 'CHECK_NEEDED', daysAgo: 1 },
];

export const pendingInvoicePositionSeeds: readonly PendingInvoicePositionSeed[] = [
  { invoice: 'thomas-1', offer: 'ornellaia-2019-075', amount: 1, conditionReport: false },
  { invoice: 'thomas-1', offer: 'chave-hermitage-2018-075', amount: 1, conditionReport: true },
];

/** The order list (Orderliste) of the demo client. */
export const orderPositionSeeds: readonly {
  client: AccountKey;
  offer: string;
  amount: number;
  daysAgo: number;
}[] = [{ client: 'kunde', offer: 'guigal-la-mouline-2019-075', amount: 1, daysAgo: 1 }];
