import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, withLayoutFonts, wrapText } from '../../server/pdf/layout';

describe('wrapText of the shared PDF layout', () => {
  const doc = withLayoutFonts(new PDFDocument({ autoFirstPage: false })).fontSize(10);

  it('breaks words wider than the column into pieces that fit, losing no character', () => {
    const word = 'Wolkenkratzerfensterputzer'.repeat(60);
    const lines = wrapText(doc, `Herr ${word} Berger`, 120);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(doc.widthOfString(line)).toBeLessThanOrEqual(120);
    expect(lines.join('').replaceAll(' ', '')).toBe(`Herr${word}Berger`);
  });

  it('keeps the screens’ minus sign, which the embedded font has', () => {
    expect(wrapText(doc, 'Marge je Flasche: −0,50 €', 400)).toEqual(['Marge je Flasche: −0,50 €']);
  });

  it('prints a letter the font lacks as its base letter, never as the empty .notdef glyph', () => {
    expect(wrapText(doc, 'Dvořák Łukasz 1\u202f234 ₿', 400)).toEqual(['Dvorák Lukasz 1\u00a0234 ?']);
  });

  it('keeps whole words together and explicit line breaks', () => {
    expect(wrapText(doc, 'Château Mouton Rothschild 2000\nZollfreilager Genf', 400)).toEqual([
      'Château Mouton Rothschild 2000',
      'Zollfreilager Genf',
    ]);
  });

  it('cuts any text at the layout bound, marked with an ellipsis', () => {
    const lines = wrapText(doc, 'x'.repeat(200_000), 300);
    const text = lines.join('');
    expect(Array.from(text)).toHaveLength(MAX_TEXT_LENGTH);
    expect(text.endsWith('…')).toBe(true);
  });
});
