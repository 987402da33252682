import type { StaffSellOrder } from '../../../src/features/backoffice-secondary-market/api/use-sell-orders-view';

/** Erika Mustermann's request to sell 2 cases of Ornellaia 2016 at 150 € a bottle, as staff see it. */
export const requestedOrder: StaffSellOrder = {
  id: 7,
  marginBtl: null,
  status: 'REQUESTED',
  depotPositionId: 41,
  caskOf: 6,
  cases: 2,
  casesSold: 0,
  casesReserved: 0,
  askPriceBtl: '150.00',
  sellPriceBtl: null,
  expectedProceedsNet: '1710.00',
  proceedsGross: null,
  commission: null,
  proceedsNet: null,
  storageIds: 'K-101, K-102',
  offerId: null,
  rejectReason: null,
  settlementPdfUrl: null,
  settlementFingerprint: null,
  createdAt: '2026-11-20T09:00:00Z',
  listedAt: null,
  soldAt: null,
  marketValue: null,
  houseOffer: null,
  recentResalePrices: [],
  seller: { id: 5, email: 'erika@example.org', firstName: 'Erika', lastName: 'Mustermann' },
  vintage: { id: 410, title: 'Ornellaia', year: 2016 },
  bottleSize: { id: 1, title: '0,75l' },
};

/** The same order listed at 165 € a bottle and sold, with its settlement. */
export const soldOrder: StaffSellOrder = {
  ...requestedOrder,
  id: 8,
  status: 'SOLD',
  casesSold: 2,
  sellPriceBtl: '165.00',
  marginBtl: '15.00',
  proceedsGross: '1800.00',
  commission: '90.00',
  proceedsNet: '1710.00',
  settlementPdfUrl: '/documents/sell-orders/8/abrechnung.pdf',
  listedAt: '2026-11-21T09:00:00Z',
  soldAt: '2026-11-25T09:00:00Z',
};
