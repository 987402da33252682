/**
 * A depot position as the API answers it, for tests: the fields a test does not name get the
 * values of a plain position (one case of 6 × 0,75l bought on 1 January 2025, not valued, not in
 * the warehouse), so a test states only what it is about.
 */
import type { DepotPositionInput } from '../../../src/features/depot/model/depot-rows';

type Vintage = DepotPositionInput['vintage'];
type Wine = Vintage['wine'];
type Winery = Wine['winery'];

export type DepotPositionOverrides = Partial<Omit<DepotPositionInput, 'vintage' | 'bottleSize'>> & {
  bottleSize?: Partial<DepotPositionInput['bottleSize']>;
  vintage?: Partial<Omit<Vintage, 'wine'>> & {
    wine?: Partial<Omit<Wine, 'winery'>> & { winery?: Partial<Winery> };
  };
};

export function depotPosition(overrides: DepotPositionOverrides = {}): DepotPositionInput {
  const { bottleSize, vintage, ...position } = overrides;
  const { wine, ...vintageFields } = vintage ?? {};
  const { winery, ...wineFields } = wine ?? {};
  const id = position.id ?? 1;
  return {
    id,
    storageId: null,
    amount: 1,
    caskOf: 6,
    buyPriceBtl: '100.00',
    conditionReportPdf: null,
    depotPositionStatusRel: [{ status: 'PURCHASED', datetimeStatusUpdate: '2025-01-01T10:00:00Z' }],
    saleProceedsNet: null,
    settlementPdfUrl: null,
    hasMrn: false,
    warehouseConfirmedOn: null,
    invoice: null,
    ...position,
    bottleSize: { id: 1, title: '0,75l', factorForLiterPrices: '0.7500', ...bottleSize },
    vintage: {
      id: id * 10,
      title: 'Wein 2016',
      year: 2016,
      image: null,
      enPrimeurDeliveryDate: null,
      valuationRel: [],
      ...vintageFields,
      wine: {
        id: id * 100,
        title: 'Wein',
        image: null,
        lwin: '1012361',
        classification: null,
        ...wineFields,
        winery: { id: id * 1000, title: 'Weingut', region: { title: 'Bordeaux' }, ...winery },
      },
    },
  };
}
