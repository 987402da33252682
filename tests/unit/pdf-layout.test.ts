import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import {
  MAX_TEXT_LENGTH,
  type PdfDocumentModel,
  renderPdf,
  withLayoutFonts,
  wrapText,
} from '../../server/pdf/layout';
import { archivalFindings, pdfInfo, pdfStructure, pdfText } from '../api/support/pdf-text';

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

describe('renderPdf', () => {
  const model: PdfDocumentModel = {
    title: 'Rechnung 2026-0042',
    metaTitle: 'Rechnung 2026-0042',
    metaSubject: 'Rechnung über Wein & Einlagerung',
    recipient: ['Anna Berger', 'Weinweg 3', '80331 München'],
    facts: [{ label: 'Rechnungsnummer:', value: '2026-0042' }],
    intro: ['Wir berechnen Ihnen:'],
    table: {
      columns: [
        { header: 'Wein', width: 3 },
        { header: 'Betrag', width: 1, align: 'right' },
      ],
      // Rows for several pages: the header row is repeated, as an artifact.
      rows: Array.from({ length: 90 }, (_, index) => [`Château Lafite ${1990 + index}`, '−1.234,56 €']),
    },
    totals: [{ label: 'Gesamtsumme', value: '−111.110,40 €', strong: true }],
    notes: ['Zahlbar sofort.'],
    verification: null,
    footer: ['Weindepot GmbH · Musterstraße 1 · 10115 Berlin'],
    attachments: [
      {
        name: 'factur-x.xml',
        mimeType: 'text/xml',
        description: 'Rechnung als Factur-X',
        relationship: 'Alternative',
        content: new TextEncoder().encode('<rsm:CrossIndustryInvoice/>'),
      },
    ],
  };

  it('writes a tagged PDF/A-3b with embedded Unicode fonts, every row once in the structure tree', async () => {
    const pdf = await renderPdf(model);
    expect(archivalFindings(pdf)).toEqual([]);
    const structure = pdfStructure(pdf);
    // Header cells: the fact's label, the two column headers (once), the total's label.
    expect(structure.filter((type) => type === 'TH')).toHaveLength(1 + 2 + 1);
    // Rows: the fact, the header row, the positions, the total.
    expect(structure.filter((type) => type === 'TR')).toHaveLength(1 + 1 + 90 + 1);
    expect(Number(pdfInfo(pdf).properties.Pages)).toBeGreaterThan(2);
    expect(pdfText(pdf)).toContain('Château Lafite 2079 −1.234,56 €');
  });

  it('embeds attachments as associated files of the document', async () => {
    const raw = (await renderPdf(model)).toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/Type \/EmbeddedFile/);
    expect(raw).toMatch(/\/Subtype \/text#2Fxml/);
  });
});
