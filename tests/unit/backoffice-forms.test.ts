import { describe, expect, it } from 'vitest';
import { stockMessages } from '../../src/domain/backoffice-stock';
import { caseNumberMessages } from '../../src/domain/backoffice-tranches';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import {
  CASK_OF_ZERO,
  type NewOfferValues,
  newOfferComplete,
  newOfferProblems,
  TRANCHE_AMOUNT_MISSING,
  type TrancheValues,
  trancheComplete,
  trancheProblems,
} from '../../src/features/backoffice-sortiment/model/backoffice-forms';

const offer: NewOfferValues = {
  vintageId: '3',
  bottleSizeId: null,
  caskOf: '6',
  offererId: '1',
  buyPriceBtl: '249,00',
  sellPriceBtl: '1.299,00',
  quantityAvailable: '10',
};

const tranche: TrancheValues = {
  offererId: '1',
  buyPriceBtl: '249,00',
  amount: '12',
  totalQuantityAvailable: '',
  quantityOnInvoice: '0',
  proformaInvoiceNumberSourcing: '',
  invoiceNumberSourcing: '',
  lxTrade: '',
  mrn: '',
  paid: false,
  storageIds: '',
  storageLocation: '',
};

describe('Neues Angebot', () => {
  it('accepts a complete offer, and empty fields wait without a message', () => {
    expect(newOfferProblems(offer)).toEqual({});
    expect(
      newOfferProblems({ ...offer, buyPriceBtl: '', sellPriceBtl: '', caskOf: '', quantityAvailable: '' }),
    ).toEqual({});
  });

  it.each([
    // Prices are typed the German way; whole euros and the API's form are read as well.
    [{ buyPriceBtl: '249' }, {}],
    [{ buyPriceBtl: '249,5' }, {}],
    [{ sellPriceBtl: '299.00' }, {}],
    [{ sellPriceBtl: '299,001' }, { sellPriceBtl: backofficeMessages.priceInput }],
    [{ sellPriceBtl: '0,00' }, { sellPriceBtl: backofficeMessages.priceInput }],
    [{ sellPriceBtl: '-5,00' }, { sellPriceBtl: backofficeMessages.priceInput }],
    [{ sellPriceBtl: 'zwölf' }, { sellPriceBtl: backofficeMessages.priceInput }],
    [{ caskOf: '0' }, { caskOf: CASK_OF_ZERO }],
    [{ caskOf: '1.5' }, { caskOf: backofficeMessages.amountWhole }],
    [{ quantityAvailable: 'zehn' }, { quantityAvailable: backofficeMessages.amountNumeric }],
  ])('%j → %j', (change, problems) => {
    expect(newOfferProblems({ ...offer, ...change })).toEqual(problems);
  });

  it('needs vintage, bottle size (or the standard one), supplier and every number', () => {
    expect(newOfferComplete(offer, '2')).toBe(true);
    expect(newOfferComplete(offer, null)).toBe(false);
    expect(newOfferComplete({ ...offer, vintageId: null }, '2')).toBe(false);
    expect(newOfferComplete({ ...offer, offererId: null }, '2')).toBe(false);
    expect(newOfferComplete({ ...offer, quantityAvailable: ' ' }, '2')).toBe(false);
  });
});

describe('Einkaufstranche', () => {
  it('accepts a filled tranche and says at once that the remaining cases are missing', () => {
    expect(trancheProblems(tranche)).toEqual({});
    expect(trancheProblems({ ...tranche, amount: '' })).toEqual({ amount: TRANCHE_AMOUNT_MISSING });
  });

  it.each([
    [{ buyPriceBtl: '' }, {}],
    [{ buyPriceBtl: '1.520,00' }, {}],
    [{ buyPriceBtl: '1,520.00' }, { buyPriceBtl: backofficeMessages.priceInput }],
    [{ amount: '-2' }, { amount: backofficeMessages.amountWhole }],
    [{ totalQuantityAvailable: 'x' }, { totalQuantityAvailable: backofficeMessages.amountNumeric }],
    [{ quantityOnInvoice: '1.5' }, { quantityOnInvoice: backofficeMessages.amountWhole }],
    [{ storageIds: 'A1, A2,' }, { storageIds: caseNumberMessages.trailingComma }],
    [{ mrn: '26DE123' }, { mrn: stockMessages.mrnLength }],
  ])('%j → %j', (change, problems) => {
    expect(trancheProblems({ ...tranche, ...change })).toEqual(problems);
  });

  it('a new tranche needs supplier and price; an update keeps what it has', () => {
    expect(trancheComplete(tranche, true)).toBe(true);
    expect(trancheComplete({ ...tranche, offererId: null }, true)).toBe(false);
    expect(trancheComplete({ ...tranche, buyPriceBtl: '' }, true)).toBe(false);
    expect(trancheComplete({ ...tranche, offererId: null, buyPriceBtl: '' }, false)).toBe(true);
  });
});
