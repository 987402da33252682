import ExcelJS from 'exceljs';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ClientsDepotDocument,
  type ClientsDepotQuery,
  ViewClientsDepotDocument,
  type ViewClientsDepotQuery,
} from '../../src/api/graphql.generated';
import { joinDepot } from '../../src/features/depot/api/depot';
import {
  depotPositionCountLabel,
  heldRows,
  soldRows,
  toDepotRows,
} from '../../src/features/depot/model/depot-rows';
import { depotWorkbook } from '../../src/features/depot/ui/excel-export';
import { databaseTargets, type TestPortal } from './support/harness';
import { secondaryMarketJourney } from './support/secondary-market-journey';

describe.each(databaseTargets)('Zweitmarkt im Depot (%s)', (target) => {
  const journey = secondaryMarketJourney(target);
  const {
    login,
    freshClient,
    path,
    pay,
    orderAndCheck,
    checkAndFinalize,
    depot,
    mine,
    clientInBond,
    sell,
    approve,
  } = journey;
  let portal: TestPortal;
  let staff: string;
  beforeAll(() => {
    ({ portal, staff } = journey);
  });

  it("lists a seller's sold case apart from the holdings: table, headline, Excel sheets and settlement", async () => {
    const seller = await clientInBond('Depotverkauf', 3);
    const offered = await sell(seller.token, seller.positionId, 1, '120.00');
    expect(offered.success).toBe(true);
    const offerId = await approve(offered.sellOrder.id, '130.00');
    const buyer = await freshClient('Depotkauf');
    const invoiceId = await orderAndCheck(buyer.token, offerId, 1);
    expect((await pay(await checkAndFinalize(buyer.token, invoiceId))).statusCode).toBe(200);
    const [order] = await mine(seller.token);
    expect(order).toMatchObject({ status: 'SOLD', casesSold: 1, proceedsNet: '694.80' });
    const settlement = order?.settlementPdfUrl as string;
    expect(settlement).toMatch(/\/settlement\/[\w-]{16,}$/);

    // The PWA's own depot query, turned into rows as the screen and the export do.
    const own = await portal.gql<ClientsDepotQuery>(print(ClientsDepotDocument), {}, { token: seller.token });
    expect(own.errors).toBeUndefined();
    const data = own.data as ClientsDepotQuery;
    const rows = toDepotRows(
      joinDepot({
        positions: data.clientsDepot,
        vintages: data.clientsDepotVintages,
        bottleSizes: data.allBottleSizes,
        investmentScore: data.me?.investmentScore ?? null,
      }).positions,
      new Date(),
    );
    expect(depotPositionCountLabel(rows)).toBe('1 Position · 1 verkauft');
    expect(heldRows(rows).map((row) => [row.gebinde, row.settlementPdfUrl])).toEqual([
      ['2 Kisten à 6\u00a0×\u00a00,75l', null],
    ]);
    expect(soldRows(rows).map((row) => [row.gebinde, row.saleProceedsNet, row.settlementPdfUrl])).toEqual([
      ['1 Kiste à 6\u00a0×\u00a00,75l', 69_480, settlement],
    ]);
    // Staff see the same link in the client's depot; the link opens the settlement.
    const staffView = await portal.gql<ViewClientsDepotQuery>(
      print(ViewClientsDepotDocument),
      { clientsMail: seller.email },
      { token: staff },
    );
    expect(
      staffView.data?.viewClientsDepot.map((position) => [position.id, position.settlementPdfUrl]),
    ).toEqual(data.clientsDepot.map((position) => [position.id, position.settlementPdfUrl]));
    const pdf = await portal.app.inject({ method: 'GET', url: path(settlement) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The Excel file, read back: holdings in "Depot" and "Bewertung", the sale in "Verkauft".
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await depotWorkbook(rows, null, new Date())).xlsx.writeBuffer());
    const cellsOf = (name: string) =>
      (workbook.getWorksheet(name)?.getSheetValues() ?? [])
        .slice(2)
        .map((row) => (row as unknown[]).slice(1));
    expect(cellsOf('Depot').map((row) => [row[1], row[5], row[8]])).toEqual([
      ['2 Kisten à 6\u00a0×\u00a00,75l', 12, 1200],
    ]);
    expect(cellsOf('Bewertung')).toHaveLength(1);
    expect(cellsOf('Verkauft').map((row) => [row[2], row[3], row[5], row[7], row[8]])).toEqual([
      ['1 Kiste à 6\u00a0×\u00a00,75l', 6, 600, 694.8, { text: settlement, hyperlink: settlement }],
    ]);
  }, 120_000);

  it('gives the seeded FOR_SALE and SOLD positions their sell orders', async () => {
    const client = await login('kunde@example.com');
    const positions = await depot(client);
    const offered = positions.filter((position) => position.currentStatus === 'FOR_SALE');
    const sold = positions.filter((position) => position.currentStatus === 'SOLD');
    expect(offered.length).toBeGreaterThan(0);
    expect(sold.length).toBeGreaterThan(0);
    for (const position of offered) {
      expect(position.sellOrder).toMatchObject({ status: 'REQUESTED', proceedsNet: null });
      expect(Number(position.sellOrder?.askPriceBtl)).toBeGreaterThan(Number(position.buyPriceBtl));
    }
    for (const position of sold) {
      expect(position.sellOrder).toMatchObject({ status: 'SOLD' });
      expect(Number(position.sellOrder?.proceedsNet)).toBeGreaterThan(0);
    }
    const orders = await mine(client);
    expect(orders.filter((order) => order.status === 'SOLD').every((order) => order.settlementPdfUrl)).toBe(
      true,
    );
    expect(orders).toHaveLength(offered.length + sold.length);
  });
});
