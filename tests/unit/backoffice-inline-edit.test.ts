import { describe, expect, it } from 'vitest';
import { livexSellPrice } from '../../src/domain/backoffice-tranches';
import { backofficeMessages, EURO_INPUT, validatePrice } from '../../src/domain/backoffice-validation';
import { readDraft } from '../../src/features/backoffice-sortiment/model/inline-edit';

const euro = { inputFormat: EURO_INPUT, validate: validatePrice, withLivex: false };

describe('what an inline edit of a price reads', () => {
  it('reads the German form and saves the stored one', () => {
    expect(readDraft(' 1.520,00 ', euro)).toEqual({ trimmed: '1.520,00', error: null, toSave: '1520.00' });
  });

  it('says in German when the text is no price', () => {
    expect(readDraft('abc', euro)).toMatchObject({ error: backofficeMessages.priceInput, toSave: 'abc' });
  });

  it('adds the Livex fee to a valid price only, when chosen', () => {
    expect(readDraft('729,00', { ...euro, withLivex: true, livexCaskOf: 6 }).toSave).toBe(
      livexSellPrice('729.00', 6),
    );
    expect(readDraft('729,00', { ...euro, withLivex: false, livexCaskOf: 6 }).toSave).toBe('729.00');
    expect(readDraft('0,00', { ...euro, withLivex: true, livexCaskOf: 6 }).error).not.toBeNull();
  });

  it('takes the text as it is without a format', () => {
    expect(readDraft(' 12 ', { validate: () => null, withLivex: false })).toEqual({
      trimmed: '12',
      error: null,
      toSave: '12',
    });
  });
});
