import { describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain/money';
import {
  amountSelectable,
  availabilityColor,
  availabilityCountText,
  availabilityLabel,
  availabilityPercent,
  availabilityShare,
  canBuy,
  carouselDeals,
  drawerWidth,
  effectiveAmount,
  formatPercentGain,
  greetingWords,
  initialCarouselIndex,
  isSubscriptionPhase,
  MOST_BOUGHT_AMOUNT,
  MOST_BOUGHT_LABEL,
  offerRedirectLwin11,
  showAmountPicker,
  tileTitle,
  totalCases,
} from '../../src/domain/offer-display';
import { lineTotalCents } from '../../src/domain/offer-pricing';

describe('Verfügbarkeit', () => {
  it.each([
    // available, total, label, colour, count text
    [34, 34, 'verfügbar', 'teal', '34 von 34 Kisten'],
    [30, 34, 'verfügbar', 'teal', '30 von 34 Kisten'],
    [8, 10, 'verfügbar', 'teal', '8 von 10 Kisten'],
    [6, 10, 'verfügbar', 'teal', '6 von 10 Kisten'],
    [5, 10, 'begrenzt', 'orange', '5 von 10 Kisten'],
    [17, 34, 'begrenzt', 'orange', '17 von 34 Kisten'],
    [18, 34, 'verfügbar', 'teal', '18 von 34 Kisten'],
    [7, 34, 'begrenzt', 'orange', '7 von 34 Kisten'],
    [6, 34, 'fast ausverkauft', 'red', '6 von 34 Kisten'],
    [3, 10, 'begrenzt', 'orange', '3 von 10 Kisten'],
    [3, 15, 'fast ausverkauft', 'red', '3 von 15 Kisten'],
    [2, 10, 'fast ausverkauft', 'red', '2 von 10 Kisten'],
    [2, 2, 'fast ausverkauft', 'red', '2 von 2 Kisten'],
    [1, 1, 'fast ausverkauft', 'red', '1 von 1 Kiste'],
    [1, 10, 'fast ausverkauft', 'red', '1 von 10 Kisten'],
    [0, 10, 'ausverkauft', 'gray', '0 von 10 Kisten'],
    [3, 0, 'verfügbar', 'teal', '3 Kisten'],
    [1, 0, 'fast ausverkauft', 'red', '1 Kiste'],
    [12, 10, 'verfügbar', 'teal', '12 Kisten'],
  ] as const)('%i of %i cases → "%s", %s bar, "%s"', (available, total, label, color, text) => {
    expect(availabilityLabel(available, total)).toBe(label);
    expect(availabilityColor(availabilityLabel(available, total))).toBe(color);
    expect(availabilityCountText(available, total)).toBe(text);
  });

  it.each([
    [10, 10, 100],
    [9, 10, 90],
    [5, 10, 50],
    [0, 10, 0],
    [3, 0, 0],
    [12, 10, 100],
  ] as const)('%i of %i cases fill the bar to %i %%', (available, total, percent) => {
    expect(availabilityPercent(availabilityShare(available, total))).toBe(percent);
  });

  it.each([
    [6, [], 6],
    [6, [{ totalQuantityAvailable: 4 }, { totalQuantityAvailable: 3 }], 7],
    [6, [{ totalQuantityAvailable: 0 }], 6],
  ])('offer total %i with tranches %j → %i cases in total', (offerTotal, tranches, expected) => {
    expect(totalCases(offerTotal, tranches)).toBe(expected);
  });
});

describe('Hot-Deal-Karussell', () => {
  it.each([
    [[], [], 0],
    [['a'], ['a'], 0],
    [['a', 'b', 'c'], ['c', 'b', 'a'], 0],
    [['a', 'b', 'c', 'd'], ['d', 'c', 'b'], 1],
    [['a', 'b', 'c', 'd', 'e'], ['e', 'd', 'c'], 1],
  ])('offers %j → tiles %j, initial index %i', (offers, tiles, index) => {
    expect(carouselDeals(offers)).toEqual(tiles);
    expect(initialCarouselIndex(offers.length)).toBe(index);
  });

  it.each([
    ['Château Margaux', 'Margaux'],
    ['Château Lafite Rothschild', 'Lafite Rothschild'],
    ['Domaine de la Romanée-Conti', 'de la Romanée-Conti'],
    ['Domaine Armand Rousseau', 'Armand Rousseau'],
    ['Pétrus', 'Pétrus'],
    ['Carruades de Lafite', 'Carruades de Lafite'],
    ['CHÂTEAU MARGAUX', 'MARGAUX'],
    ['château Latour', 'Latour'],
    ['Chateau Palmer', 'Palmer'],
    ["chateau d'Yquem", "d'Yquem"],
    ['DOMAINE Leflaive', 'Leflaive'],
    ['domaine Leroy', 'Leroy'],
    ['Château', 'Château'],
  ])('tile title of %s is %s', (title, expected) => {
    expect(tileTitle(title)).toBe(expected);
  });
});

describe('Kistenauswahl', () => {
  it.each([
    // available, picker shown, selected, effective, buy enabled
    [0, false, 2, 1, false],
    [1, false, 3, 1, true],
    [2, true, 2, 2, true],
    [3, true, 3, 3, true],
    [10, true, 1, 1, true],
  ] as const)(
    '%i cases available: picker %s, selected %i → %i, buy %s',
    (available, picker, selected, effective, buy) => {
      expect(showAmountPicker(available)).toBe(picker);
      expect(effectiveAmount(selected, available)).toBe(effective);
      expect(canBuy(available)).toBe(buy);
    },
  );

  it('marks 2 cases as most bought and disables amounts above the stock', () => {
    expect(MOST_BOUGHT_AMOUNT).toBe(2);
    expect(MOST_BOUGHT_LABEL).toBe('MEISTGEKAUFT');
    expect(amountSelectable(3, 2)).toBe(false);
    expect(amountSelectable(2, 2)).toBe(true);
  });

  it.each([
    [1, '729.00', 6, '4.374,00 €'],
    [2, '729.00', 6, '8.748,00 €'],
    [3, '229.50', 6, '4.131,00 €'],
    [2, '1290.00', 3, '7.740,00 €'],
    [1, '0.99', 12, '11,88 €'],
  ])('total of %i × %s € × %i bottles = %s', (amount, price, caskOf, total) => {
    expect(formatEuro(lineTotalCents(amount, caskOf, price))).toBe(total);
  });
});

describe('Weitere Regeln der Angebotsseite', () => {
  const today = new Date(2026, 10, 21, 10, 0);
  it.each([
    [null, false],
    ['2026-11-20', false],
    ['2026-11-21', false],
    ['2026-11-22', true],
    ['2028-06-01', true],
  ])('subscription banner for delivery date %s: %s', (date, shown) => {
    expect(isSubscriptionPhase(date, today)).toBe(shown);
  });

  it.each([
    [1440, '40vw'],
    [801, '40vw'],
    [800, '80vw'],
    [375, '80vw'],
  ])('drawer at %i px is %s wide', (width, expected) => {
    expect(drawerWidth(width)).toBe(expected);
  });

  it.each([
    [42.5, '+42,5 %'],
    [100, '+100 %'],
    [-3.25, '−3,3 %'],
  ])('gain %f reads %s', (value, text) => {
    expect(formatPercentGain(value)).toBe(text);
  });

  it.each([
    ['Frau Berger', 'Frau Berger'],
    [null, '...'],
    ['  ', '...'],
  ])('greeting for %j starts with %s', (salutation, first) => {
    expect(greetingWords(salutation)).toEqual([
      first,
      'Entdecker',
      'Weinliebhaber',
      'Investor',
      'Feinschmecker',
      'Abenteurer',
      'Trendsetter',
    ]);
  });
});

describe('Angebotsseite ohne Angebot', () => {
  it.each([
    // requested, has offer, first available, goes to
    ['10123712019', true, '10123712020', null],
    ['10123712019', false, '10123712020', '10123712020'],
    ['10123712019', false, '10123712019', null],
    ['99999999999', false, null, null],
  ] as const)('%s (Angebot: %s, erstes verfügbares: %s) → %s', (requested, hasOffer, first, target) => {
    expect(offerRedirectLwin11(requested, hasOffer, first)).toBe(target);
  });
});
