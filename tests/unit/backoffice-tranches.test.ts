import { describe, expect, it } from 'vitest';
import {
  assignedCases,
  bottleSizeLabel,
  CASE_RANGE_LIMIT,
  caseNumberCounter,
  caseNumberMessages,
  formatCaseNumbers,
  formatPercent,
  isStored,
  latestValuation,
  linkingStatus,
  livexSellPrice,
  marginPercent,
  parseCaseNumbers,
  stripWhitespace,
  trancheColour,
} from '../../src/domain/backoffice-tranches';
import { formatEuro } from '../../src/domain/money';

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, offset) => String(first + offset));

describe('Kistennummern der Einkaufstranche (spec 5: Tranche edit)', () => {
  it('strips every whitespace', () => {
    expect(stripWhitespace(' 1001 ,\t1002 \n, 1003 ')).toBe('1001,1002,1003');
    expect(parseCaseNumbers(' 1001 ,  1002,1003 ')).toEqual({
      caseNumbers: ['1001', '1002', '1003'],
      error: null,
    });
  });

  it('reads an empty field as no case numbers', () => {
    expect(parseCaseNumbers('   ')).toEqual({ caseNumbers: [], error: null });
  });

  it('keeps case numbers that are not numbers', () => {
    expect(parseCaseNumbers('A-17, B-2').caseNumbers).toEqual(['A-17', 'B-2']);
  });

  it("refuses a trailing comma with 'Falsches Format! (Komma am Ende?)' and still counts the entries", () => {
    expect(caseNumberMessages.trailingComma).toBe('Falsches Format! (Komma am Ende?)');
    expect(parseCaseNumbers('1001, 1002,')).toEqual({
      caseNumbers: ['1001', '1002'],
      error: 'Falsches Format! (Komma am Ende?)',
    });
    expect(parseCaseNumbers('1001, ..., 1005 , ').error).toBe('Falsches Format! (Komma am Ende?)');
    expect(parseCaseNumbers(',').error).toBe('Falsches Format! (Komma am Ende?)');
  });

  it("expands 'a, ..., b' to the full range", () => {
    expect(parseCaseNumbers('1001, ..., 1012')).toEqual({ caseNumbers: range(1001, 1012), error: null });
    expect(parseCaseNumbers('7,...,9')).toEqual({ caseNumbers: ['7', '8', '9'], error: null });
    expect(parseCaseNumbers('7, …, 9').caseNumbers).toEqual(['7', '8', '9']);
    expect(parseCaseNumbers('1001, 1002').caseNumbers).toEqual(['1001', '1002']);
  });

  it('expands ranges between single numbers and several ranges in one list', () => {
    expect(parseCaseNumbers('5, 10, ..., 13, 40, ..., 42, 99')).toEqual({
      caseNumbers: ['5', '10', '11', '12', '13', '40', '41', '42', '99'],
      error: null,
    });
    expect(parseCaseNumbers('1, ..., 3, ..., 5').caseNumbers).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps leading zeros of a range', () => {
    expect(parseCaseNumbers('0098, ..., 0101').caseNumbers).toEqual(['0098', '0099', '0100', '0101']);
  });

  it(`expands only when the gap is below ${CASE_RANGE_LIMIT}`, () => {
    expect(CASE_RANGE_LIMIT).toBe(250);
    expect(parseCaseNumbers('1000, ..., 1249')).toEqual({ caseNumbers: range(1000, 1249), error: null });
    expect(parseCaseNumbers('1000, ..., 1249').caseNumbers).toHaveLength(250);
    expect(parseCaseNumbers('1000, ..., 1250').error).toBe(caseNumberMessages.rangeTooLarge);
    expect(parseCaseNumbers('1, ..., 100000').error).toBe(caseNumberMessages.rangeTooLarge);
    expect(caseNumberMessages.rangeTooLarge).toBe(
      'Bereich zu groß: Zwischen erster und letzter Kistennummer dürfen höchstens 249 liegen.',
    );
  });

  it.each([
    ['..., 1005', caseNumberMessages.rangeEnds],
    ['1001, ...', caseNumberMessages.rangeEnds],
    ['A1, ..., A9', caseNumberMessages.rangeEnds],
    ['1001, ..., ..., 1009', caseNumberMessages.rangeEnds],
    ['1012, ..., 1001', caseNumberMessages.rangeOrder],
    ['1001, ..., 1001', caseNumberMessages.rangeOrder],
    ['1001,,1002', caseNumberMessages.emptyEntry],
    ['1001, 1002, 1001', 'Kistennummer doppelt: 1001'],
    ['1001, ..., 1005, 1003', 'Kistennummer doppelt: 1003'],
  ])('%j → %s', (input, message) => {
    expect(parseCaseNumbers(input).error).toBe(message);
  });

  it('gives every message in German', () => {
    expect(caseNumberMessages.rangeEnds).toBe(
      'Falsches Format! Ein Bereich wird als „a, ..., b“ mit zwei Kistennummern angegeben.',
    );
    expect(caseNumberMessages.rangeOrder).toBe(
      'Falscher Bereich: Die letzte Kistennummer muss größer als die erste sein.',
    );
    expect(caseNumberMessages.emptyEntry).toBe('Falsches Format! (Zwei Kommas hintereinander?)');
  });

  it('stores the expanded list comma-separated', () => {
    expect(formatCaseNumbers(parseCaseNumbers('1001, ..., 1004').caseNumbers)).toBe('1001, 1002, 1003, 1004');
    expect(formatCaseNumbers([])).toBe('');
  });

  it('counts the entered case numbers against the total', () => {
    expect(caseNumberCounter(12, 12)).toEqual({ text: '12 / 12', status: 'equal' });
    expect(caseNumberCounter(3, 12)).toEqual({ text: '3 / 12', status: 'below' });
    expect(caseNumberCounter(13, 12)).toEqual({ text: '13 / 12', status: 'above' });
  });
});

describe('Preise im Sortiment (spec 9: Back office)', () => {
  it.each([
    ['120.00', '100.00', 20],
    ['729.00', '615.00', 18.536585365853657],
    ['90.00', '100.00', -10],
    ['100.00', '100.00', 0],
  ])('margin of sell %s against EKP %s is %f %%', (sell, ekp, margin) => {
    expect(marginPercent(sell, ekp)).toBeCloseTo(margin, 10);
  });

  it('has no margin without a positive EKP', () => {
    expect(marginPercent('100.00', '0.00')).toBeNull();
  });

  it('formats percentages the German way', () => {
    expect(formatPercent(18.536585)).toBe('18,5 %');
    expect(formatPercent(-10)).toBe('-10,0 %');
    expect(formatPercent(null)).toBe('–');
  });

  it.each([
    ['100.00', 6, '106.45'],
    ['100.00', 12, '105.72'],
    ['100.00', 1, '113.69'],
    ['729.00', 6, '766.90'],
    ['0.10', 3, '3.00'],
  ])('Livex fee: 1.05 × %s + 8.69 € ÷ %i = %s', (price, caskOf, expected) => {
    expect(livexSellPrice(price, caskOf)).toBe(expected);
  });

  it('refuses a Livex price for a case without bottles', () => {
    expect(() => livexSellPrice('100.00', 0)).toThrow();
  });

  it('values an offer at the newest valuation × bottle factor ÷ 0.75 with the gain against the buy price', () => {
    const valuations = [
      { value: '700.00', datetimeCreated: '2025-01-01T00:00:00Z' },
      { value: '750.00', datetimeCreated: '2026-03-01T00:00:00Z' },
      { value: '720.00', datetimeCreated: '2025-09-01T00:00:00Z' },
    ];
    const standard = latestValuation(valuations, '0.7500', '600.00');
    expect(standard && formatEuro(standard.valueBtl)).toBe('750,00 €');
    expect(standard?.gainPercent).toBeCloseTo(25, 10);
    const magnum = latestValuation(valuations, '1.5000', '1500.00');
    expect(magnum && formatEuro(magnum.valueBtl)).toBe('1.500,00 €');
    expect(magnum?.gainPercent).toBeCloseTo(0, 10);
    expect(latestValuation(valuations, '0.3750', null)).toEqual({ valueBtl: 37500, gainPercent: null });
  });

  it('has no latest valuation without valuations', () => {
    expect(latestValuation([], '0.7500', '100.00')).toBeNull();
  });

  it('hides the default bottle 0,75l with 6 per case', () => {
    expect(bottleSizeLabel({ title: '0,75l', factorForLiterPrices: '0.7500' }, 6)).toBe('');
    expect(bottleSizeLabel({ title: '0,75l', factorForLiterPrices: '0.7500' }, 12)).toBe('0,75l / 12');
    expect(bottleSizeLabel({ title: '1,5l', factorForLiterPrices: '1.5000' }, 6)).toBe('1,5l / 6');
  });
});

describe('Farben der Einkaufstranchen (spec 4)', () => {
  it.each([
    [null, null, false, 'red'],
    [null, null, true, 'red'],
    ['  ', '', true, 'red'],
    ['PF-1', 'LX-1', true, 'green'],
    ['PF-1', 'LX-1', false, 'orange'],
    ['PF-1', null, true, 'lightgreen'],
    [null, 'LX-1', false, 'lightgreen'],
  ] as const)('proforma %j, trade %j, paid %j → %s', (proforma, trade, paid, colour) => {
    expect(trancheColour({ proformaInvoiceNumberSourcing: proforma, livexTrade: trade, paid })).toBe(colour);
  });

  it("labels a tranche with a customs reference 'eingelagert'", () => {
    expect(isStored({ mrn: '23FR3300000021744A' })).toBe(true);
    expect(isStored({ mrn: null })).toBe(false);
    expect(isStored({ mrn: ' ' })).toBe(false);
  });
});

describe('Tranchen mit Depotpositionen verknüpfen (spec 4: Linking modal)', () => {
  const positions = [
    { amount: 2, partialOfferId: 1, ownerIsStaff: false },
    { amount: 3, partialOfferId: 1, ownerIsStaff: false },
    { amount: 4, partialOfferId: 1, ownerIsStaff: true },
    { amount: 1, partialOfferId: 2, ownerIsStaff: false },
    { amount: 6, partialOfferId: null, ownerIsStaff: false },
  ];

  it('counts only the cases of clients assigned to the tranche (staff e-mails excluded)', () => {
    expect(assignedCases(positions, 1)).toBe(5);
    expect(assignedCases(positions, 2)).toBe(1);
    expect(assignedCases(positions, 3)).toBe(0);
  });

  it('is amber below the total, green when full, red above', () => {
    expect(linkingStatus(4, 5)).toEqual({
      assigned: 4,
      total: 5,
      full: false,
      colour: 'amber',
      text: '4 / 5',
    });
    expect(linkingStatus(5, 5)).toEqual({
      assigned: 5,
      total: 5,
      full: true,
      colour: 'green',
      text: '5 / 5',
    });
    expect(linkingStatus(6, 5)).toEqual({ assigned: 6, total: 5, full: true, colour: 'red', text: '6 / 5' });
  });
});
