import { describe, expect, it } from 'vitest';
import { invoiceNumberGapProblem } from '../../src/domain/backoffice-invoices';
import {
  billedLines,
  cancelledLines,
  isAdvancePosition,
  lastDayOfFirstMonth,
  supplyDateText,
} from '../../src/domain/invoice-lines';
import {
  type InvoiceLineKind,
  LINE_TAX_CATEGORY,
  NOT_TAXABLE_IN_GERMANY_NOTE,
  splitGross,
  taxBreakdown,
  taxNotes,
} from '../../src/domain/tax';

describe('tax category per line kind (to be confirmed by the tax adviser)', () => {
  it.each<[InvoiceLineKind, string, number]>([
    ['WINE', 'O', 0],
    ['LOGISTICS', 'S', 1900],
    ['UPFRONT_STORAGE', 'S', 1900],
    ['CONDITION_REPORT', 'S', 1900],
    ['MANAGEMENT_FEE', 'S', 1900],
    ['SALES_COMMISSION', 'S', 1900],
  ])('%s: category %s at %d basis points', (kind, code, rate) => {
    const breakdown = taxBreakdown([{ kind, grossCents: 11_900 }]);
    expect(breakdown.map((row) => [row.category.code, row.category.rateBasisPoints])).toEqual([[code, rate]]);
    expect(LINE_TAX_CATEGORY[kind]).toBe(code === 'O' ? 'NOT_TAXABLE_IN_GERMANY' : 'STANDARD');
  });

  it('names the statutory note once for wine in the Geneva free warehouse, and none for fees only', () => {
    expect(NOT_TAXABLE_IN_GERMANY_NOTE).toBe(
      'Nicht im Inland steuerbare Lieferung; Ware im Zollfreilager Genf (Schweiz)',
    );
    expect(
      taxNotes([
        { kind: 'WINE', grossCents: 100 },
        { kind: 'WINE', grossCents: 200 },
        { kind: 'LOGISTICS', grossCents: 3900 },
      ]),
    ).toEqual([NOT_TAXABLE_IN_GERMANY_NOTE]);
    expect(taxNotes([{ kind: 'MANAGEMENT_FEE', grossCents: 100 }])).toEqual([]);
  });
});

describe('net and tax from the gross the client pays', () => {
  it.each([
    // gross, rate, net, tax
    [11_900, 1900, 10_000, 1_900],
    [3_900, 1900, 3_277, 623],
    [1, 1900, 1, 0],
    [0, 1900, 0, 0],
    [47_100, 0, 47_100, 0],
    [-3_900, 1900, -3_277, -623],
  ])('%d cents at %d bp: net %d, tax %d', (gross, rate, net, tax) => {
    expect(splitGross(gross, rate)).toEqual({ netCents: net, taxCents: tax });
  });

  it('splits per rate over the sum of its lines, so net plus tax is exactly the total', () => {
    const lines = [
      { kind: 'WINE' as const, grossCents: 942_000 },
      { kind: 'LOGISTICS' as const, grossCents: 7_800 },
      { kind: 'UPFRONT_STORAGE' as const, grossCents: 4_800 },
      { kind: 'MANAGEMENT_FEE' as const, grossCents: 2_102 },
    ];
    const [notTaxable, standard] = taxBreakdown(lines);
    expect(notTaxable).toMatchObject({ netCents: 942_000, taxCents: 0, grossCents: 942_000 });
    expect(standard).toMatchObject({ grossCents: 14_702, netCents: 12_355, taxCents: 2_347 });
    const total = taxBreakdown(lines).reduce((sum, row) => sum + row.netCents + row.taxCents, 0);
    expect(total).toBe(956_702);
  });
});

describe('billed lines and their day of supply', () => {
  const wine = {
    title: 'Ornellaia 2021',
    bottleSize: '0,75 l',
    cases: 2,
    bottlesPerCase: 6,
    priceBtl: '785.00',
    enPrimeurDeliveryDate: null,
    bookedOn: '2026-03-12',
    resale: false,
  };
  const fees = [
    { kind: 'LOGISTICS' as const, label: 'Logistik', grossCents: 7_800, cases: 2 },
    { kind: 'CONDITION_REPORT' as const, label: 'Zustandsbericht', grossCents: 0, cases: 0 },
    { kind: 'MANAGEMENT_FEE' as const, label: 'Managementgebühr', grossCents: 2_102, cases: 2 },
  ];

  it('dates wine and one-off fees on the day the cases were booked into the depot, the fee by its first month', () => {
    const lines = billedLines({ invoiceDate: '2026-03-10', paidOn: '2026-03-12', wines: [wine], fees });
    expect(
      lines.map((line) => [line.kind, line.quantity, supplyDateText(line.supply), line.grossCents]),
    ).toEqual([
      ['WINE', '2 Kisten à 6 Flaschen', '12.03.2026', 942_000],
      ['LOGISTICS', '2 Kisten', '12.03.2026', 7_800],
      ['MANAGEMENT_FEE', '1 Monat', '12.03.2026 – 11.04.2026', 2_102],
    ]);
  });

  it('before payment says the supply comes with the booking', () => {
    const lines = billedLines({
      invoiceDate: '2026-03-10',
      paidOn: null,
      wines: [{ ...wine, bookedOn: null }],
      fees,
    });
    expect(lines.map((line) => line.supply.kind)).toEqual(['ON_BOOKING', 'ON_BOOKING', 'ON_BOOKING']);
  });

  it('bills en-primeur wine as an advance payment: day of payment and expected delivery instead of the supply day', () => {
    const enPrimeur = { ...wine, enPrimeurDeliveryDate: '2028-06-30' };
    expect(isAdvancePosition(enPrimeur, '2026-03-10')).toBe(true);
    expect(isAdvancePosition(enPrimeur, '2028-07-01')).toBe(false);
    const [line] = billedLines({
      invoiceDate: '2026-03-10',
      paidOn: '2026-03-12',
      wines: [enPrimeur],
      fees: [],
    });
    expect(line && supplyDateText(line.supply)).toBe(
      'Anzahlung vom 12.03.2026; Lieferung voraussichtlich 06/2028',
    );
  });

  it('negates every line on a cancellation invoice', () => {
    const lines = billedLines({ invoiceDate: '2026-03-10', paidOn: null, wines: [wine], fees });
    expect(cancelledLines(lines).map((line) => line.grossCents)).toEqual([-942_000, -7_800, -2_102]);
  });

  it.each([
    ['2026-03-12', '2026-04-11'],
    ['2026-01-31', '2026-02-27'],
    ['2026-12-01', '2026-12-31'],
  ])('the first month from %s ends on %s', (from, to) => {
    expect(lastDayOfFirstMonth(from)).toBe(to);
  });
});

describe('gapless invoice numbers', () => {
  it('accepts only the next free number of the year, and keeps a number once given', () => {
    expect(invoiceNumberGapProblem({ wanted: '2026-0013', current: null, next: '2026-0013' })).toBeNull();
    expect(invoiceNumberGapProblem({ wanted: '2026-0901', current: null, next: '2026-0013' })).toBe(
      'Die Rechnungsnummern laufen lückenlos: die nächste freie Nummer ist 2026-0013.',
    );
    expect(invoiceNumberGapProblem({ wanted: '2026-0014', current: '2026-0012', next: '2026-0014' })).toBe(
      'Eine vergebene Rechnungsnummer bleibt; sonst entstünde eine Lücke in der Nummernfolge.',
    );
    expect(
      invoiceNumberGapProblem({ wanted: '2026-0012', current: '2026-0012', next: '2026-0014' }),
    ).toBeNull();
  });
});
