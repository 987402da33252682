import { describe, expect, it } from 'vitest';
import {
  bucketProblem,
  isQuoteOfferListed,
  type LabelledQuoteLine,
  lineCost,
  lineSales,
  marginPercent,
  parseBucket,
  QUOTE_ADD_AMOUNTS,
  QUOTE_CSV_FIELDS,
  QUOTE_INVOICE_TYPES,
  QUOTE_REGIONS,
  type QuoteOfferCandidate,
  quoteCsvFileName,
  quoteCsvRows,
  quoteInvoiceProblems,
  quoteOfferSections,
  quotePositionProblems,
  quoteSunburstData,
  quoteTotals,
  regionBucket,
  serializeBucket,
} from '../../src/domain/backoffice-quotes';
import { backofficeMessages } from '../../src/domain/backoffice-validation';

describe('region filter (spec: Bordeaux, Champagne, Burgund, Toskana, Rest)', () => {
  it('has the five regions of the spec in order, and add-amount chips 1–4', () => {
    expect(QUOTE_REGIONS).toEqual(['Bordeaux', 'Champagne', 'Burgund', 'Toskana', 'Rest']);
    expect(QUOTE_ADD_AMOUNTS).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['Bordeaux', 'Bordeaux'],
    ['Champagne', 'Champagne'],
    ['Burgund', 'Burgund'],
    ['Toskana', 'Toskana'],
    ['Rhône', 'Rest'],
    ['Piemont', 'Rest'],
    ['Rest', 'Rest'],
    [null, 'Rest'],
    ['', 'Rest'],
  ])('region %s counts as %s', (region, bucket) => {
    expect(regionBucket(region)).toBe(bucket);
  });

  it('stores the chosen regions in filter order, empty meaning every region', () => {
    expect(serializeBucket(['Toskana', 'Bordeaux'])).toBe('Bordeaux,Toskana');
    expect(serializeBucket([])).toBeNull();
    expect(parseBucket('Toskana, Bordeaux')).toEqual(['Bordeaux', 'Toskana']);
    expect(parseBucket(null)).toEqual([]);
    expect(bucketProblem('Bordeaux,Rest')).toBeNull();
    expect(bucketProblem('')).toBeNull();
    expect(bucketProblem('Mosel')).toBe('Unbekannte Region im Filter.');
  });
});

describe('offers of the quote modal (latest 10 per region; tranche total above depot-assigned)', () => {
  const offer = (id: number, region: string | null, day: number, trancheTotal = 10, depotAssigned = 0) =>
    ({
      id,
      region,
      datetimeCreated: new Date(Date.UTC(2026, 0, day)).toISOString(),
      trancheTotal,
      depotAssigned,
    }) satisfies QuoteOfferCandidate;

  it.each([
    [10, 9, true],
    [10, 10, false],
    [10, 12, false],
    [0, 0, false],
  ])('tranche total %i with %i assigned is listed: %s', (total, assigned, listed) => {
    expect(isQuoteOfferListed(offer(1, 'Bordeaux', 1, total, assigned))).toBe(listed);
  });

  it('lists the newest ten listed offers per region, one section per region', () => {
    const bordeaux = Array.from({ length: 12 }, (_, index) => offer(index + 1, 'Bordeaux', index + 1));
    const full = offer(50, 'Bordeaux', 28, 6, 6);
    const rest = [offer(60, 'Rhône', 3), offer(61, null, 4), offer(62, 'Piemont', 2)];
    const sections = quoteOfferSections([...bordeaux, full, ...rest, offer(70, 'Toskana', 1)], []);
    expect(sections.map((section) => section.region)).toEqual(QUOTE_REGIONS);
    const ids = Object.fromEntries(
      sections.map((section) => [section.region, section.offers.map((o) => o.id)]),
    );
    expect(ids.Bordeaux).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(ids.Champagne).toEqual([]);
    expect(ids.Toskana).toEqual([70]);
    expect(ids.Rest).toEqual([61, 60, 62]);
  });

  it('shows only the chosen regions', () => {
    const sections = quoteOfferSections(
      [offer(1, 'Bordeaux', 1), offer(2, 'Burgund', 2)],
      ['Burgund', 'Rest'],
    );
    expect(sections).toEqual([
      { region: 'Burgund', offers: [expect.objectContaining({ id: 2 })] },
      { region: 'Rest', offers: [] },
    ]);
  });
});

describe('totals (sales = cases × bottles per case × sell price; cost with EKP; gross margin)', () => {
  const lines = [
    { amount: 2, caskOf: 6, sellPriceBtl: '785.00', ekpBtl: '640.00' },
    { amount: 1, caskOf: 12, sellPriceBtl: '99.90', ekpBtl: '80.00' },
    { amount: 3, caskOf: 6, sellPriceBtl: '10.00', ekpBtl: null },
  ];

  it('computes each position exactly in cents', () => {
    expect(lineSales(lines[0] as (typeof lines)[0])).toBe(942_000);
    expect(lineCost(lines[0] as (typeof lines)[0])).toBe(768_000);
    expect(lineSales(lines[1] as (typeof lines)[1])).toBe(119_880);
    expect(lineCost(lines[2] as (typeof lines)[2])).toBeNull();
  });

  it('sums sales, cost and gross margin; positions without EKP add sales only', () => {
    expect(quoteTotals(lines)).toEqual({
      sales: 942_000 + 119_880 + 18_000,
      cost: 768_000 + 96_000,
      grossMargin: 942_000 + 119_880 + 18_000 - 864_000,
      marginPercent: 24.99,
      withoutEkp: 1,
    });
    expect(quoteTotals([])).toEqual({
      sales: 0,
      cost: 0,
      grossMargin: 0,
      marginPercent: null,
      withoutEkp: 0,
    });
  });

  it.each([
    [12_000, 10_000, 20],
    [10_000, 10_000, 0],
    [9_000, 12_000, -25],
    [10_000, 3_000, 233.33],
    [10_000, 0, null],
    [10_000, null, null],
  ])('margin of sales %i on cost %s is %s %%', (sales, cost, percent) => {
    expect(marginPercent(sales, cost)).toBe(percent);
  });
});

describe('CSV export', () => {
  const lines: LabelledQuoteLine[] = [
    {
      wine: 'Château Lafite Rothschild',
      year: 2016,
      region: 'Bordeaux',
      amount: 2,
      caskOf: 6,
      sellPriceBtl: '785.00',
      ekpBtl: '640.00',
    },
    {
      wine: 'Sassicaia',
      year: 2019,
      region: 'Toskana',
      amount: 1,
      caskOf: 6,
      sellPriceBtl: '260.50',
      ekpBtl: null,
    },
  ];

  it('has one row per position and a totals row with German decimals', () => {
    expect(QUOTE_CSV_FIELDS).toHaveLength(11);
    expect(quoteCsvRows(lines)).toEqual([
      [
        'Château Lafite Rothschild',
        '2016',
        'Bordeaux',
        '2',
        '6',
        '785,00',
        '640,00',
        '9420,00',
        '7680,00',
        '1740,00',
        '22,66',
      ],
      ['Sassicaia', '2019', 'Toskana', '1', '6', '260,50', '', '1563,00', '', '', ''],
      ['Summe', '', '', '3', '', '', '', '10983,00', '7680,00', '3303,00', '43,01'],
    ]);
  });

  it('names the file after the customer e-mail', () => {
    expect(quoteCsvFileName(' Kunde@Example.com ')).toBe('angebot-kunde@example.com.csv');
    expect(quoteCsvFileName('a/b c@x.de')).toBe('angebot-a_b_c@x.de.csv');
  });
});

describe('sunburst of a quote', () => {
  it('groups the sales by region and wine with the region colours', () => {
    const data = quoteSunburstData([
      {
        wine: 'Sassicaia',
        year: 2019,
        region: 'Toskana',
        amount: 1,
        caskOf: 6,
        sellPriceBtl: '100.00',
        ekpBtl: null,
      },
      {
        wine: 'Pétrus',
        year: 2015,
        region: 'Bordeaux',
        amount: 1,
        caskOf: 6,
        sellPriceBtl: '50.00',
        ekpBtl: null,
      },
      {
        wine: 'Sassicaia',
        year: 2019,
        region: 'Toskana',
        amount: 2,
        caskOf: 6,
        sellPriceBtl: '100.00',
        ekpBtl: null,
      },
    ]);
    expect(data).toEqual([
      {
        name: 'Bordeaux',
        color: '#6d1a36',
        children: [{ name: 'Pétrus 2015', value: 300, color: '#6d1a36' }],
      },
      {
        name: 'Toskana',
        color: '#b23a2e',
        children: [{ name: 'Sassicaia 2019', value: 1800, color: '#b23a2e' }],
      },
    ]);
  });
});

describe('position edits (back office validators)', () => {
  it.each([
    [{ newPriceBtl: 'abc' }, 'newPriceBtl', backofficeMessages.priceNumeric],
    [{ newPriceBtl: '12.5' }, 'newPriceBtl', backofficeMessages.priceFormat],
    [{ newEkpBtl: '0.00' }, 'newEkpBtl', backofficeMessages.priceFormat],
    [{ amount: 'x' }, 'amount', backofficeMessages.amountNumeric],
    [{ amount: '2.5' }, 'amount', backofficeMessages.amountWhole],
    [{ amount: '0' }, 'amount', backofficeMessages.amountWhole],
    [{ amount: '101' }, 'amount', 'Es können höchstens 100 Kisten je Position bestellt werden.'],
    [
      { newPriceBtl: '1000000.00' },
      'newPriceBtl',
      'Der Preis pro Flasche darf höchstens 999.999,99 € betragen.',
    ],
  ])('%o is refused on %s with "%s"', (edit, field, message) => {
    expect(quotePositionProblems(edit)).toEqual([{ field, message }]);
  });

  it('accepts valid values and ignores fields that are not changed', () => {
    expect(quotePositionProblems({ newPriceBtl: '785.00', newEkpBtl: '640.00', amount: '3' })).toEqual([]);
    expect(quotePositionProblems({ newPriceBtl: '999999.99', amount: '100' })).toEqual([]);
    expect(quotePositionProblems({})).toEqual([]);
  });
});

describe('invoice form of a quote', () => {
  const valid = {
    email: 'kunde@example.com',
    salutation: 'Frau',
    firstName: 'Anna',
    lastName: 'Berger',
    streetAndNumber: 'Weinweg 1',
    postalCode: '80331',
    city: 'München',
  };

  it('offers the invoice types 32641, 32642 and 41200', () => {
    expect(QUOTE_INVOICE_TYPES.map((type) => type.value)).toEqual(['32641', '32642', '41200']);
  });

  it('accepts the required fields alone (title optional, DE and 41200 by default)', () => {
    expect(quoteInvoiceProblems(valid)).toEqual({});
    expect(
      quoteInvoiceProblems({ ...valid, title: 'Prof.', country: 'CH', productCategory: '32641' }),
    ).toEqual({});
    expect(quoteInvoiceProblems({ ...valid, title: '-' })).toEqual({});
  });

  it('names every missing or wrong field with its message', () => {
    expect(
      quoteInvoiceProblems({
        email: 'x',
        salutation: 'Divers',
        title: 'Mag.',
        firstName: '',
        lastName: ' ',
        streetAndNumber: '',
        postalCode: '',
        city: '',
        country: 'XX',
        productCategory: '1',
      }),
    ).toEqual({
      email: 'Bitte geben Sie eine gültige Emailadresse ein.',
      salutation: 'Bitte wählen Sie eine Anrede (Herr oder Frau).',
      title: 'Bitte wählen Sie einen gültigen Titel (Dr., Prof. oder Prof. Dr.).',
      firstName: 'Bitte geben Sie einen Vornamen an.',
      lastName: 'Bitte geben Sie einen Nachnamen an.',
      streetAndNumber: 'Bitte geben Sie Straße und Hausnummer an.',
      postalCode: 'Bitte geben Sie eine Postleitzahl an.',
      city: 'Bitte geben Sie eine Stadt an.',
      country: 'Bitte wählen Sie ein Land aus der Liste.',
      productCategory: 'Bitte wählen Sie eine gültige Rechnungsart.',
    });
  });
});
