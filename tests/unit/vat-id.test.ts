/** The USt-IdNr. of the account settings: format per member state, normalised, optional. */
import { describe, expect, it } from 'vitest';
import { isBusinessClient, normalizeVatId, VAT_ID_MESSAGE, validateVatId } from '../../src/domain/vat-id';

describe('USt-IdNr.', () => {
  it.each([
    ['DE123456789', null],
    ['de 123 456 789', null],
    ['ATU12345678', null],
    ['FRXX123456789', null],
    ['NL123456789B01', null],
    ['', null],
    ['DE12345678', VAT_ID_MESSAGE],
    ['123456789', VAT_ID_MESSAGE],
    ['CHE123456789', VAT_ID_MESSAGE],
    ['XX123456789', VAT_ID_MESSAGE],
  ])('%s → %s', (input, message) => {
    expect(validateVatId(input)).toBe(message);
  });

  it('is stored without spaces and in capitals', () => {
    expect(normalizeVatId(' de 123.456-789 ')).toBe('DE123456789');
  });

  it('makes a business client only together with a company name', () => {
    expect(isBusinessClient({ company: 'Vogt GmbH', vatId: 'DE999999999' })).toBe(true);
    expect(isBusinessClient({ company: null, vatId: 'DE999999999' })).toBe(false);
    expect(isBusinessClient({ company: 'Vogt GmbH', vatId: 'DE1' })).toBe(false);
  });
});
