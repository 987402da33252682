/**
 * The one designed layout of every PDF the portal issues (invoice, storage certificate, and any
 * later document such as a settlement): a brand letterhead on every page, fixed margins, the
 * recipient's address beside the document's key facts, paragraphs, a table of positions that
 * continues on the next page with its header repeated, totals, an optional verification footer
 * (QR code, address to check it, document id) and "Seite x von y" on every page.
 *
 * A document is described as plain data (`PdfDocumentModel`, structured-cloneable) so that it can
 * be rendered in a worker thread (`pdf-worker.ts`). All text is laid out here, line by line, with
 * `wrapText`: words wider than their column are broken (binary search on the width, so a word of
 * 100,000 characters costs milliseconds, not the quadratic time of PDFKit's own breaking), and
 * every text is cut at `MAX_TEXT_LENGTH` characters as a last bound.
 *
 * Every document is PDF/A-3b (the invoices carry their e-invoice XML as an attachment, which only
 * part 3 allows; the other documents use the same part so that there is one kind of file), tagged
 * (headings, tables with header cells, paragraphs in reading order, the QR code as a figure with
 * alternative text; letterhead, rules and page numbers as artifacts), in Source Sans 3, the font
 * of the PWA, embedded as a subset with a Unicode map so that text can be copied and searched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { embedFacturX, type FacturXAttachment } from './factur-x';
import { addSignaturePlaceholder, type SignatureSpec } from './signature';

export interface PdfFact {
  label: string;
  value: string;
}

export interface PdfColumn {
  header: string;
  /** Share of the table width (the shares are normalised). */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfTotal {
  label: string;
  value: string;
  strong?: boolean;
}

export interface PdfTable {
  columns: PdfColumn[];
  rows: string[][];
}

export interface PdfSection {
  heading: string;
  /** Paragraphs between the heading and the table. */
  intro: string[];
  table: PdfTable;
}

export interface PdfDocumentModel {
  /** Big title under the letterhead, e.g. "Rechnung 2026-0042". */
  title: string;
  /** The PDF's document title (viewer tab). */
  metaTitle: string;
  /** What the document is about, one sentence (document properties, XMP `dc:description`). */
  metaSubject: string;
  /** The sender's return address in one small line above the recipient's (letters in a window envelope). */
  sender?: string | null;
  /** Address lines of the recipient (left column). */
  recipient: string[];
  /** Key facts (right column): number, date, … */
  facts: PdfFact[];
  /** Paragraphs before the table. */
  intro: string[];
  table: PdfTable | null;
  /** Further titled tables after the first one (e.g. the certificate's cases not in the warehouse). */
  sections?: PdfSection[];
  totals: PdfTotal[];
  /** Paragraphs after the table and totals. */
  notes: string[];
  /**
   * Certificates and settlements: where to check the document is genuine. The page at `url`
   * shows the file's SHA-256 and checks a dropped copy; the file cannot print its own hash.
   */
  verification: { url: string; documentId: string } | null;
  /** The issuer's legal details (name, address, register, tax number, …), small, at the foot of every page. */
  footer?: string[];
  /** A business client's invoice: the e-invoice XML embedded as Factur-X (every document is PDF/A-3b, which allows it). */
  facturX?: FacturXAttachment | null;
  /** Embedded files (PDF/A-3 associated files), e.g. an invoice's e-invoice XML. */
  attachments?: PdfAttachment[];
  /** An issued document: the field its CMS signature fills after rendering (`signature.ts`). */
  signature?: SignatureSpec | null;
}

export interface PdfAttachment {
  /** File name shown by viewers, e.g. `factur-x.xml`. */
  name: string;
  mimeType: string;
  description: string;
  /** How the file relates to the document (PDF/A-3 `AFRelationship`): `Alternative` for a Factur-X invoice. */
  relationship: 'Alternative' | 'Data' | 'Source' | 'Supplement';
  content: Uint8Array;
}

/** Any single text longer than this is cut (names are limited to far less on input). */
export const MAX_TEXT_LENGTH = 2_000;

export const BRAND = {
  name: 'Weindepot',
  tagline: 'Weininvestments · Einlagerung im Zollfreilager Genf',
  contact: 'service@weindepot.example',
  colour: '#5c1a2b',
  text: '#222222',
  muted: '#6b6b6b',
  rule: '#d9c9cd',
  tint: '#f6eff1',
} as const;

const PAGE = { size: 'A4' as const, width: 595.28, height: 841.89 };
const MARGIN = { left: 56, right: 56, top: 112, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const FOOTER_LINE_HEIGHT = 9.5;
/** The lowest line of content: above the footer, which grows by its legal lines. */
const contentBottom = (footerLines: number) => PAGE.height - MARGIN.bottom - footerLines * FOOTER_LINE_HEIGHT;
const FONT = { regular: 'SourceSans3', bold: 'SourceSans3-Bold' } as const;
/** Line height in em: Helvetica's line of 1.156 em times 1.3, kept when the font changed. */
const LINE_HEIGHT = 1.5;
const CELL_PADDING = 5;

/**
 * The PWA's font files (`@fontsource/source-sans-3`, Latin subset: Western European letters,
 * € and the minus sign U+2212). WOFF rather than WOFF2 because fontkit names the WOFF2 files'
 * font after the variable master ("ExtraLight"), which viewers would show in the font list.
 */
const fontFile = (weight: number) =>
  readFileSync(
    createRequire(import.meta.url).resolve(
      `@fontsource/source-sans-3/files/source-sans-3-latin-${weight}-normal.woff`,
    ),
  );
const FONT_FILES = { [FONT.regular]: fontFile(400), [FONT.bold]: fontFile(700) };

/** Registers the layout's fonts and selects the regular one. */
export function withLayoutFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  return doc.font(FONT.regular);
}

type Doc = PDFKit.PDFDocument;
type Glyphs = { hasGlyphForCodePoint(codePoint: number): boolean };

/** The current font's glyph table (pdfkit keeps the fontkit font of an embedded font as `_font.font`). */
function currentGlyphs(doc: Doc): Glyphs | null {
  const font = (doc as unknown as { _font?: { font?: Partial<Glyphs> } })._font?.font;
  return typeof font?.hasGlyphForCodePoint === 'function' ? (font as Glyphs) : null;
}

/** Letters with a stroke have no Unicode decomposition into base letter and mark. */
const NO_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
};

/**
 * A character the font lacks would print as the empty `.notdef` glyph, which PDF/A forbids: the narrow
 * no-break space of some Intl formats becomes a no-break space, a letter with a diacritic its base
 * letter (Dvořák → Dvorak), anything else a question mark.
 */
function printable(doc: Doc, text: string): string {
  const glyphs = currentGlyphs(doc);
  if (!glyphs) return text;
  const has = (char: string) => glyphs.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  let result = '';
  for (const char of text) {
    if (char === '\n' || has(char)) result += char;
    else if (char === '\u202f') result += '\u00a0';
    else if (char in NO_DECOMPOSITION && has(NO_DECOMPOSITION[char] ?? '')) result += NO_DECOMPOSITION[char];
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      result += base !== '' && Array.from(base).every(has) ? base : '?';
    }
  }
  return result;
}

function clip(text: string): string {
  const chars = Array.from(text.replace(/\r\n?/g, '\n'));
  return chars.length > MAX_TEXT_LENGTH ? `${chars.slice(0, MAX_TEXT_LENGTH - 1).join('')}…` : chars.join('');
}

const fontSize = (doc: Doc) => (doc as unknown as { _fontSize: number })._fontSize || 10;

/** The longest prefix (in code points) of `chars` that fits `width`; at least one character. */
function fittingPrefix(doc: Doc, chars: string[], width: number): number {
  // Hardly a glyph is narrower than 0.19 em: a bound on what can fit (past it a line may end early, never overflow).
  let high = Math.min(chars.length, Math.ceil(width / (0.19 * fontSize(doc))) + 1);
  let low = 1;
  if (doc.widthOfString(chars.slice(0, high).join('')) <= width) return high;
  while (low < high - 1) {
    const middle = (low + high) >> 1;
    if (doc.widthOfString(chars.slice(0, middle).join('')) <= width) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * The lines of `text` in the document's current font and size within `width`: greedy by words,
 * a word wider than the line broken into pieces that fit. Explicit line breaks are kept.
 */
export function wrapText(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(doc, clip(text)).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter((part) => part !== '')) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = Array.from(word);
      while (rest.length > 0 && doc.widthOfString(rest.join('')) > width) {
        const fit = fittingPrefix(doc, rest, width);
        lines.push(rest.slice(0, fit).join(''));
        rest = rest.slice(fit);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}

/** At most `max` lines; the last one shown ends in "…" when some were left out. */
function atMost(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${Array.from(kept[max - 1] ?? '')
    .slice(0, -1)
    .join('')}…`;
  return kept;
}

// Source Sans 3's own line (ascender to descender, 1.42 em) would make every table row a fifth taller.
const lineHeight = (doc: Doc) => fontSize(doc) * LINE_HEIGHT;

function setFont(doc: Doc, font: string, size: number, colour: string = BRAND.text) {
  doc.font(font).fontSize(size).fillColor(colour);
}

function drawLine(doc: Doc, raw: string, x: number, y: number, width: number, align: 'left' | 'right') {
  const text = printable(doc, raw);
  const offset = align === 'right' ? Math.max(0, width - doc.widthOfString(text)) : 0;
  doc.text(text, x + offset, y, { lineBreak: false });
}

/** Options of a structure element that pdfkit supports beyond its type declarations. */
type ElementOptions = PDFKit.Mixins.StructureElementOptions & {
  scope?: 'Row' | 'Column';
  bbox?: [number, number, number, number];
};

/**
 * One element of the structure tree: `child` adds an element below it (in reading order),
 * `draw` paints content belonging to it as one marked-content sequence on the current page.
 */
class Tag {
  constructor(
    readonly doc: Doc,
    readonly type: string,
    readonly element: PDFKit.PDFStructureElement,
  ) {}

  child(type: string, options: ElementOptions = {}): Tag {
    const element = this.doc.struct(type, options);
    this.element.add(element);
    return new Tag(this.doc, type, element);
  }

  draw(paint: () => void): this {
    const marked = this.doc.markStructureContent(this.type);
    paint();
    this.doc.endMarkedContent();
    this.element.add(marked);
    return this;
  }
}

/** Paints what is not content (letterhead, rules, backgrounds, page numbers, repeated table headers). */
function artifact(doc: Doc, paint: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  doc.markContent('Artifact', { type });
  paint();
  doc.endMarkedContent();
}

function rule(doc: Doc, x1: number, x2: number, y: number, width: number, colour: string) {
  artifact(doc, () => {
    doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(colour).stroke();
  });
}

function letterhead(doc: Doc) {
  const top = 40;
  artifact(
    doc,
    () => {
      setFont(doc, FONT.bold, 20, BRAND.colour);
      doc.text(BRAND.name, MARGIN.left, top, { lineBreak: false, characterSpacing: 0.6 });
      setFont(doc, FONT.regular, 8.5, BRAND.muted);
      drawLine(doc, BRAND.tagline, MARGIN.left, top + 6, CONTENT_WIDTH, 'right');
      drawLine(doc, BRAND.contact, MARGIN.left, top + 17, CONTENT_WIDTH, 'right');
    },
    'Pagination',
  );
  rule(doc, MARGIN.left, PAGE.width - MARGIN.right, top + 34, 1.2, BRAND.colour);
}

/** Lays out a document top to bottom, adding pages (with the letterhead) as it goes. */
class Writer {
  y = MARGIN.top;
  readonly bottom: number;
  constructor(
    readonly doc: Doc,
    readonly root: Tag,
    footerLines = 0,
  ) {
    this.bottom = contentBottom(footerLines);
  }

  newPage() {
    this.doc.addPage({ size: PAGE.size, margin: 0 });
    letterhead(this.doc);
    this.y = MARGIN.top;
  }

  /** Starts a new page unless `height` still fits above the bottom margin (`reserve` kept free). */
  ensure(height: number, reserve = 0) {
    if (this.y + height > this.bottom - reserve) this.newPage();
  }

  paragraph(
    text: string,
    options: { font?: string; size?: number; colour?: string; gap?: number; type?: string } = {},
  ) {
    const tag = this.root.child(options.type ?? 'P');
    setFont(this.doc, options.font ?? FONT.regular, options.size ?? 10.5, options.colour);
    const height = lineHeight(this.doc);
    for (const line of wrapText(this.doc, text, CONTENT_WIDTH)) {
      this.ensure(height);
      tag.draw(() => this.doc.text(line, MARGIN.left, this.y, { lineBreak: false }));
      this.y += height;
    }
    this.y += options.gap ?? 6;
  }
}

function headerBlock(w: Writer, model: PdfDocumentModel) {
  const { doc } = w;
  setFont(doc, FONT.bold, 19, BRAND.colour);
  const title = w.root.child('H1');
  for (const line of atMost(wrapText(doc, model.title, CONTENT_WIDTH), 3)) {
    title.draw(() => doc.text(line, MARGIN.left, w.y, { lineBreak: false }));
    w.y += lineHeight(doc);
  }
  w.y += 10;
  const gap = 24;
  const leftWidth = CONTENT_WIDTH * 0.52;
  const rightX = MARGIN.left + leftWidth + gap;
  const rightWidth = CONTENT_WIDTH - leftWidth - gap;
  const labelWidth = rightWidth * 0.5;
  let leftY = w.y;
  if (model.sender) {
    setFont(doc, FONT.regular, 7.5, BRAND.muted);
    const [line = ''] = atMost(wrapText(doc, model.sender, leftWidth), 1);
    w.root.child('P').draw(() => doc.text(line, MARGIN.left, leftY, { lineBreak: false, underline: true }));
    leftY += lineHeight(doc) + 4;
  }
  setFont(doc, FONT.regular, 10.5);
  const address = w.root.child('P');
  // The address block beside the facts stays short; the full name is in the text below.
  for (const line of model.recipient.flatMap((part) => atMost(wrapText(doc, part, leftWidth), 3))) {
    address.draw(() => doc.text(line, MARGIN.left, leftY, { lineBreak: false }));
    leftY += lineHeight(doc);
  }
  let rightY = w.y;
  const facts = model.facts.length ? w.root.child('Table') : null;
  for (const fact of model.facts) {
    const row = facts?.child('TR');
    setFont(doc, FONT.regular, 9.5, BRAND.muted);
    const labels = atMost(wrapText(doc, fact.label, labelWidth - 6), 3);
    setFont(doc, FONT.bold, 9.5);
    const values = atMost(wrapText(doc, fact.value, rightWidth - labelWidth), 3);
    const height = lineHeight(doc);
    setFont(doc, FONT.regular, 9.5, BRAND.muted);
    const label = row?.child('TH', { scope: 'Row' });
    labels.forEach((line, index) => {
      label?.draw(() => doc.text(line, rightX, rightY + index * height, { lineBreak: false }));
    });
    setFont(doc, FONT.bold, 9.5);
    const value = row?.child('TD');
    values.forEach((line, index) => {
      value?.draw(() =>
        drawLine(doc, line, rightX + labelWidth, rightY + index * height, rightWidth - labelWidth, 'right'),
      );
    });
    rightY += Math.max(labels.length, values.length) * height + 2;
  }
  w.y = Math.max(leftY, rightY) + 16;
}

function table(w: Writer, spec: PdfTable) {
  const { doc } = w;
  const share = spec.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = spec.columns.map((column) => (column.width / share) * CONTENT_WIDTH);
  const xs = widths.map((_, index) => MARGIN.left + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const inner = (index: number) => (widths[index] ?? 0) - 2 * CELL_PADDING;
  const structure = w.root.child('Table');
  let headerRow: Tag | null = structure.child('TR');

  // The header row is content once; repeated on a following page it is an artifact.
  const header = () => {
    setFont(doc, FONT.bold, 9, BRAND.colour);
    const cells = spec.columns.map((column, index) => wrapText(doc, column.header, inner(index)));
    const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight(doc) + 2 * CELL_PADDING;
    w.ensure(height + 24);
    artifact(doc, () => doc.rect(MARGIN.left, w.y, CONTENT_WIDTH, height).fill(BRAND.tint));
    setFont(doc, FONT.bold, 9, BRAND.colour);
    cells.forEach((lines, index) => {
      const paint = () =>
        lines.forEach((line, row) => {
          drawLine(
            doc,
            line,
            (xs[index] ?? 0) + CELL_PADDING,
            w.y + CELL_PADDING + row * lineHeight(doc),
            inner(index),
            spec.columns[index]?.align ?? 'left',
          );
        });
      if (headerRow) headerRow.child('TH', { scope: 'Column' }).draw(paint);
      else artifact(doc, paint, 'Pagination');
    });
    headerRow = null;
    w.y += height;
  };

  header();
  for (const row of spec.rows) {
    setFont(doc, FONT.regular, 9.5);
    const cells = spec.columns.map((_, index) => wrapText(doc, row[index] ?? '', inner(index)));
    const rowTag = structure.child('TR');
    const cellTags = spec.columns.map(() => rowTag.child('TD'));
    const height = lineHeight(doc);
    let drawn = 0;
    const total = Math.max(...cells.map((lines) => lines.length));
    // A row that fits on a page is never split: it moves to the next page whole.
    const rowHeight = total * height + 2 * CELL_PADDING;
    if (w.y + rowHeight > w.bottom && rowHeight <= w.bottom - MARGIN.top - 40) {
      w.newPage();
      header();
      setFont(doc, FONT.regular, 9.5);
    }
    // A row taller than a page continues on the next one, header repeated.
    while (drawn < total) {
      if (w.y + height + 2 * CELL_PADDING > w.bottom) {
        w.newPage();
        header();
        setFont(doc, FONT.regular, 9.5);
      }
      const room = Math.max(1, Math.floor((w.bottom - w.y - 2 * CELL_PADDING) / height));
      const take = Math.min(room, total - drawn);
      cells.forEach((lines, index) => {
        const part = lines.slice(drawn, drawn + take);
        if (part.length === 0) return;
        cellTags[index]?.draw(() =>
          part.forEach((line, offset) => {
            drawLine(
              doc,
              line,
              (xs[index] ?? 0) + CELL_PADDING,
              w.y + CELL_PADDING + offset * height,
              inner(index),
              spec.columns[index]?.align ?? 'left',
            );
          }),
        );
      });
      drawn += take;
      w.y += take * height + 2 * CELL_PADDING;
      rule(doc, MARGIN.left, MARGIN.left + CONTENT_WIDTH, w.y, 0.5, BRAND.rule);
    }
  }
  w.y += 10;
}

function totals(w: Writer, rows: PdfTotal[]) {
  const { doc } = w;
  const width = CONTENT_WIDTH * 0.72;
  const x = MARGIN.left + CONTENT_WIDTH - width;
  const valueWidth = 96;
  const structure = w.root.child('Table');
  // The totals stay together: a block that does not fit below the table starts on the next page.
  setFont(doc, FONT.regular, 9.5);
  w.ensure(rows.length * lineHeight(doc) + 24);
  for (const row of rows) {
    setFont(doc, row.strong ? FONT.bold : FONT.regular, row.strong ? 11 : 9.5, BRAND.text);
    const labels = wrapText(doc, row.label, width - valueWidth - 8);
    const height = lineHeight(doc);
    w.ensure(labels.length * height + (row.strong ? 8 : 0));
    if (row.strong) {
      rule(doc, x, x + width, w.y, 0.8, BRAND.colour);
      w.y += 5;
    }
    const rowTag = structure.child('TR');
    rowTag.child('TH', { scope: 'Row' }).draw(() =>
      labels.forEach((line, index) => {
        doc.text(line, x, w.y + index * height, { lineBreak: false });
      }),
    );
    rowTag.child('TD').draw(() => drawLine(doc, row.value, x + width - valueWidth, w.y, valueWidth, 'right'));
    w.y += labels.length * height;
  }
  w.y += 12;
}

const QR_SIZE = 92;
const VERIFICATION_HEIGHT = QR_SIZE + 16;

/** The largest size up to `max` (at least 6 pt) at which `text` fits `width` on one line. */
function fittingSize(doc: Doc, text: string, width: number, max: number): number {
  setFont(doc, FONT.regular, max);
  const natural = doc.widthOfString(printable(doc, text));
  return natural <= width ? max : Math.max(6, Math.floor((max * width * 10) / natural) / 10);
}

/** The verification block at the bottom of the last page: QR code left, address and document id right. */
async function verification(w: Writer, spec: NonNullable<PdfDocumentModel['verification']>, signed: boolean) {
  const { doc } = w;
  if (w.y + VERIFICATION_HEIGHT > w.bottom) w.newPage();
  const top = w.bottom - VERIFICATION_HEIGHT + 8;
  rule(doc, MARGIN.left, MARGIN.left + CONTENT_WIDTH, top - 8, 0.5, BRAND.rule);
  const x = MARGIN.left + QR_SIZE + 16;
  const width = MARGIN.left + CONTENT_WIDTH - x;
  let y = top;
  setFont(doc, FONT.bold, 9.5, BRAND.colour);
  w.root
    .child('H2')
    .draw(() => doc.text('Echtheit prüfen (QR-Code oder Adresse):', x, y, { lineBreak: false }));
  y += lineHeight(doc) + 1;
  const qr = await QRCode.toBuffer(spec.url, { margin: 0, width: 4 * QR_SIZE, errorCorrectionLevel: 'Q' });
  w.root
    .child('Figure', {
      alt: `QR-Code mit der Adresse zur Echtheitsprüfung: ${spec.url}`,
      bbox: [MARGIN.left, top, MARGIN.left + QR_SIZE, top + QR_SIZE],
    })
    .draw(() => doc.image(qr, MARGIN.left, top, { width: QR_SIZE, height: QR_SIZE }));
  // The address on one line when it fits at 6 pt or more, so it can be typed or copied whole;
  // a longer one is broken.
  setFont(doc, FONT.regular, fittingSize(doc, spec.url, width, 8.5), BRAND.text);
  const link = w.root.child('P').child('Link');
  for (const line of wrapText(doc, spec.url, width)) {
    link.draw(() => doc.text(line, x, y, { lineBreak: false }));
    // A String object, as pdfkit writes a primitive string as a PDF name; the parent makes it part of the tree.
    const annotation: unknown = { structParent: link.element, Contents: new String(spec.url) };
    doc.link(
      x,
      y,
      doc.widthOfString(line),
      lineHeight(doc),
      spec.url,
      annotation as PDFKit.Mixins.AnnotationOption,
    );
    y += lineHeight(doc);
  }
  y += 6;
  setFont(doc, FONT.bold, 9.5, BRAND.colour);
  w.root.child('H2').draw(() => doc.text('Dokument-ID', x, y, { lineBreak: false }));
  y += lineHeight(doc) + 1;
  setFont(doc, FONT.regular, 8.5, BRAND.text);
  w.root.child('P').draw(() => doc.text(spec.documentId, x, y, { lineBreak: false }));
  y += lineHeight(doc) + 4;
  setFont(doc, FONT.regular, 7.5, BRAND.muted);
  const hint = w.root.child('P');
  for (const line of wrapText(
    doc,
    `${signed ? 'Die Datei ist elektronisch signiert. ' : ''}Die Prüfseite zeigt den SHA-256-Fingerabdruck dieser Datei und prüft eine Kopie, die Sie dort ablegen.`,
    width,
  )) {
    hint.draw(() => doc.text(line, x, y, { lineBreak: false }));
    y += lineHeight(doc);
  }
}

/**
 * Page numbers, the sender line and the issuer's legal lines in the bottom margin of every page.
 * The legal lines are content once, on the last page, and artifacts on the pages before.
 */
function pageFooters(doc: Doc, root: Tag, legal: readonly string[]) {
  const range = doc.bufferedPageRange();
  const last = range.start + range.count - 1;
  // One paragraph per line: the lines are separate statements (address, register, tax numbers).
  const legalTags = legal.map(() => root.child('P'));
  for (let index = range.start; index <= last; index++) {
    doc.switchToPage(index);
    const y = contentBottom(legal.length) + 28;
    rule(doc, MARGIN.left, PAGE.width - MARGIN.right, y - 8, 0.5, BRAND.rule);
    artifact(
      doc,
      () => {
        setFont(doc, FONT.regular, 8, BRAND.muted);
        doc.text(`${BRAND.name} · ${BRAND.contact}`, MARGIN.left, y, { lineBreak: false });
        drawLine(doc, `Seite ${index + 1} von ${range.count}`, MARGIN.left, y, CONTENT_WIDTH, 'right');
      },
      'Pagination',
    );
    setFont(doc, FONT.regular, 7, BRAND.muted);
    legal.forEach((line, offset) => {
      // A legal line wider than the page is shortened, never wrapped into the page number's row.
      const [fitted = ''] = atMost(wrapText(doc, line, CONTENT_WIDTH), 1);
      const paint = () =>
        doc.text(fitted, MARGIN.left, y + 11 + offset * FOOTER_LINE_HEIGHT, { lineBreak: false });
      const tag = legalTags[offset];
      if (tag && index === last) tag.draw(paint);
      else artifact(doc, paint, 'Pagination');
    });
  }
}

/** pdfkit copies the document properties into the XMP unescaped: keep markup characters out. */
const xmpSafe = (text: string) =>
  clip(text)
    .replace(/\s*[<>&]+\s*/g, ' ')
    .trim();

/** Renders the document as a PDF (A4). CPU-bound: call it from the worker pool, not a request. */
export async function renderPdf(model: PdfDocumentModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    tagged: true,
    lang: 'de-DE',
    displayTitle: true,
    info: { Title: xmpSafe(model.metaTitle), Author: BRAND.name, Subject: xmpSafe(model.metaSubject) },
  });
  withLayoutFonts(doc);
  doc.appendXML(`
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:language><rdf:Bag><rdf:li>de-DE</rdf:li></rdf:Bag></dc:language>
        </rdf:Description>
        `);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const documentElement = doc.struct('Document');
  doc.addStructure(documentElement);
  const root = new Tag(doc, 'Document', documentElement);
  const footer = (model.footer ?? []).map(clip);
  const w = new Writer(doc, root, footer.length);
  w.newPage();
  headerBlock(w, model);
  for (const text of model.intro) w.paragraph(text);
  if (model.intro.length) w.y += 4;
  if (model.table) table(w, model.table);
  for (const section of model.sections ?? []) {
    w.y += 4;
    // The heading stays with the start of its table.
    setFont(doc, FONT.bold, 12, BRAND.colour);
    w.ensure(lineHeight(doc) + 60);
    w.paragraph(section.heading, { font: FONT.bold, size: 12, colour: BRAND.colour, gap: 4, type: 'H2' });
    for (const text of section.intro) w.paragraph(text);
    table(w, section.table);
  }
  if (model.totals.length) totals(w, model.totals);
  for (const text of model.notes) w.paragraph(text, { size: 9.5, colour: BRAND.muted });
  if (model.verification) await verification(w, model.verification, Boolean(model.signature));
  pageFooters(doc, root, footer);
  if (model.facturX) embedFacturX(doc, model.facturX);
  for (const attachment of model.attachments ?? []) {
    // pdfkit writes `relationship` as the file's AFRelationship; its type declarations lack it.
    const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: PdfAttachment['relationship'] } = {
      name: attachment.name,
      type: attachment.mimeType,
      description: attachment.description,
      relationship: attachment.relationship,
    };
    const { buffer, byteOffset, byteLength } = attachment.content;
    doc.file(Buffer.from(buffer, byteOffset, byteLength), options);
  }
  if (model.signature) addSignaturePlaceholder(doc, model.signature, BRAND.name);
  doc.end();
  return done;
}
