import { describe, expect, it } from 'vitest';
import { joinDepot } from '../../src/features/depot/api/depot';
import type { DepotTransfer } from '../../src/features/depot/api/depot-request';

const vintage = (id: number, title: string) => ({
  id,
  title,
  year: 2016,
  image: null,
  enPrimeurDeliveryDate: null,
  valuationRel: [
    {
      sourceOfValuation: 'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
      value: '300.00',
      datetimeCreated: '2026-01-01',
    },
  ],
  wine: {
    id: id * 10,
    title: `Wein ${id}`,
    image: null,
    lwin: `10${id}`,
    classification: null,
    winery: { id: id * 100, title: `Weingut ${id}`, region: { title: 'Bordeaux' } },
  },
});

const position = (id: number, vintageId: number, bottleSizeId: number) => ({
  id,
  storageId: null,
  amount: 1,
  caskOf: 6,
  buyPriceBtl: '100.00',
  bottleSize: { id: bottleSizeId },
  conditionReportPdf: null,
  depotPositionStatusRel: [{ status: 'PURCHASED' as const, datetimeStatusUpdate: '2025-03-01T10:00:00Z' }],
  saleProceedsNet: null,
  settlementPdfUrl: null,
  hasMrn: false,
  warehouseConfirmedOn: null,
  invoice: null,
  vintage: { id: vintageId },
});

const transfer = (positions: ReturnType<typeof position>[]): DepotTransfer => ({
  positions,
  vintages: [vintage(1, 'Lafite 2016'), vintage(2, 'Latour 2010')],
  bottleSizes: [
    { id: 7, title: '0,75l', factorForLiterPrices: '1.0000' },
    { id: 8, title: '1,5l', factorForLiterPrices: '2.0000' },
  ],
  investmentScore: '1200.00',
});

describe('joinDepot (the depot arrives normalised: each vintage and bottle size once)', () => {
  it('gives every position its vintage and bottle size, in the order the server sent them', () => {
    const depot = joinDepot(transfer([position(11, 2, 8), position(12, 1, 7), position(13, 2, 7)]));
    expect(depot.positions.map((row) => [row.id, row.vintage.title, row.bottleSize.title])).toEqual([
      [11, 'Latour 2010', '1,5l'],
      [12, 'Lafite 2016', '0,75l'],
      [13, 'Latour 2010', '0,75l'],
    ]);
    expect(depot.investmentScore).toBe('1200.00');
  });

  it('shares one vintage object between the positions that hold it (no copy per position)', () => {
    const depot = joinDepot(transfer([position(11, 2, 7), position(12, 2, 7)]));
    expect(depot.positions[0]?.vintage).toBe(depot.positions[1]?.vintage);
  });

  it('leaves out a position whose vintage or bottle size did not arrive', () => {
    const depot = joinDepot(transfer([position(11, 1, 7), position(12, 3, 7), position(13, 1, 9)]));
    expect(depot.positions.map((row) => row.id)).toEqual([11]);
  });
});
