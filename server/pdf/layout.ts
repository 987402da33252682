/**
 * The one designed layout of every PDF the portal issues (invoice, storage certificate, and any
 * later document such as a settlement): a brand letterhead on every page, fixed margins, the
 * recipient's address beside the document's key facts, paragraphs, a table of positions that
 * continues on the next page with its header repeated, totals, an optional verification footer
 * (QR code, address to check it, fingerprint) and "Seite x von y" on every page.
 *
 * A document is described as plain data (`PdfDocumentModel`, structured-cloneable) so that it can
 * be rendered in a worker thread (`pdf-worker.ts`). All text is laid out here, line by line, with
 * `wrapText`: words wider than their column are broken (binary search on the width, so a word of
 * 100,000 characters costs milliseconds, not the quadratic time of PDFKit's own breaking), and
 * every text is cut at `MAX_TEXT_LENGTH` characters as a last bound.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { embedFacturX, FACTUR_X_PDF_OPTIONS, type FacturXAttachment } from './factur-x';

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
  /** Certificates: where and how to check the document is genuine. */
  verification: { url: string; fingerprint: string } | null;
  /** The issuer's legal details (name, address, register, tax number, …), small, at the foot of every page. */
  footer?: string[];
  /** A business client's invoice: the e-invoice XML embedded as Factur-X (the PDF becomes PDF/A-3). */
  facturX?: FacturXAttachment | null;
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
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' } as const;
const LINE_GAP = 1.3;
const CELL_PADDING = 5;

type Doc = PDFKit.PDFDocument;

/**
 * The standard fonts know only WinAnsi: the minus sign (U+2212) the screens' amounts use would
 * print as a wrong glyph (a quotation mark), and the narrow spaces of some Intl formats are missing too.
 */
function standardGlyphs(text: string): string {
  return text.replace(/\u2212/g, '-').replace(/[\u2009\u202f]/g, ' ');
}

function clip(text: string): string {
  const chars = Array.from(standardGlyphs(text).replace(/\r\n?/g, '\n'));
  return chars.length > MAX_TEXT_LENGTH ? `${chars.slice(0, MAX_TEXT_LENGTH - 1).join('')}…` : chars.join('');
}

/** The longest prefix (in code points) of `chars` that fits `width`; at least one character. */
function fittingPrefix(doc: Doc, chars: string[], width: number): number {
  // No glyph of the standard fonts is narrower than 0.19 em: a bound on what can fit at all.
  const size = (doc as unknown as { _fontSize: number })._fontSize || 10;
  let high = Math.min(chars.length, Math.ceil(width / (0.19 * size)) + 1);
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
  for (const paragraph of clip(text).split('\n')) {
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

const lineHeight = (doc: Doc) => doc.currentLineHeight(true) * LINE_GAP;

function setFont(doc: Doc, font: string, size: number, colour: string = BRAND.text) {
  doc.font(font).fontSize(size).fillColor(colour);
}

function drawLine(doc: Doc, raw: string, x: number, y: number, width: number, align: 'left' | 'right') {
  const text = standardGlyphs(raw);
  const offset = align === 'right' ? Math.max(0, width - doc.widthOfString(text)) : 0;
  doc.text(text, x + offset, y, { lineBreak: false });
}

function letterhead(doc: Doc) {
  const top = 40;
  setFont(doc, FONT.bold, 20, BRAND.colour);
  doc.text(BRAND.name, MARGIN.left, top, { lineBreak: false, characterSpacing: 0.6 });
  setFont(doc, FONT.regular, 8.5, BRAND.muted);
  drawLine(doc, BRAND.tagline, MARGIN.left, top + 6, CONTENT_WIDTH, 'right');
  drawLine(doc, BRAND.contact, MARGIN.left, top + 17, CONTENT_WIDTH, 'right');
  doc
    .moveTo(MARGIN.left, top + 34)
    .lineTo(PAGE.width - MARGIN.right, top + 34)
    .lineWidth(1.2)
    .strokeColor(BRAND.colour)
    .stroke();
}

/** Lays out a document top to bottom, adding pages (with the letterhead) as it goes. */
class Writer {
  y = MARGIN.top;
  readonly bottom: number;
  constructor(
    readonly doc: Doc,
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

  paragraph(text: string, options: { font?: string; size?: number; colour?: string; gap?: number } = {}) {
    setFont(this.doc, options.font ?? FONT.regular, options.size ?? 10.5, options.colour);
    const height = lineHeight(this.doc);
    for (const line of wrapText(this.doc, text, CONTENT_WIDTH)) {
      this.ensure(height);
      this.doc.text(line, MARGIN.left, this.y, { lineBreak: false });
      this.y += height;
    }
    this.y += options.gap ?? 6;
  }
}

function headerBlock(w: Writer, model: PdfDocumentModel) {
  const { doc } = w;
  setFont(doc, FONT.bold, 19, BRAND.colour);
  for (const line of atMost(wrapText(doc, model.title, CONTENT_WIDTH), 3)) {
    doc.text(line, MARGIN.left, w.y, { lineBreak: false });
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
    doc.text(line, MARGIN.left, leftY, { lineBreak: false, underline: true });
    leftY += lineHeight(doc) + 4;
  }
  setFont(doc, FONT.regular, 10.5);
  // The address block beside the facts stays short; the full name is in the text below.
  for (const line of model.recipient.flatMap((part) => atMost(wrapText(doc, part, leftWidth), 3))) {
    doc.text(line, MARGIN.left, leftY, { lineBreak: false });
    leftY += lineHeight(doc);
  }
  let rightY = w.y;
  for (const fact of model.facts) {
    setFont(doc, FONT.regular, 9.5, BRAND.muted);
    const labels = atMost(wrapText(doc, fact.label, labelWidth - 6), 3);
    setFont(doc, FONT.bold, 9.5);
    const values = atMost(wrapText(doc, fact.value, rightWidth - labelWidth), 3);
    const height = lineHeight(doc);
    setFont(doc, FONT.regular, 9.5, BRAND.muted);
    labels.forEach((line, index) => {
      doc.text(line, rightX, rightY + index * height, { lineBreak: false });
    });
    setFont(doc, FONT.bold, 9.5);
    values.forEach((line, index) => {
      drawLine(doc, line, rightX + labelWidth, rightY + index * height, rightWidth - labelWidth, 'right');
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

  const header = () => {
    setFont(doc, FONT.bold, 9, BRAND.colour);
    const cells = spec.columns.map((column, index) => wrapText(doc, column.header, inner(index)));
    const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight(doc) + 2 * CELL_PADDING;
    w.ensure(height + 24);
    doc.rect(MARGIN.left, w.y, CONTENT_WIDTH, height).fill(BRAND.tint);
    setFont(doc, FONT.bold, 9, BRAND.colour);
    cells.forEach((lines, index) => {
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
    });
    w.y += height;
  };

  header();
  for (const row of spec.rows) {
    setFont(doc, FONT.regular, 9.5);
    const cells = spec.columns.map((_, index) => wrapText(doc, row[index] ?? '', inner(index)));
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
        lines.slice(drawn, drawn + take).forEach((line, offset) => {
          drawLine(
            doc,
            line,
            (xs[index] ?? 0) + CELL_PADDING,
            w.y + CELL_PADDING + offset * height,
            inner(index),
            spec.columns[index]?.align ?? 'left',
          );
        });
      });
      drawn += take;
      w.y += take * height + 2 * CELL_PADDING;
      doc
        .moveTo(MARGIN.left, w.y)
        .lineTo(MARGIN.left + CONTENT_WIDTH, w.y)
        .lineWidth(0.5)
        .strokeColor(BRAND.rule)
        .stroke();
    }
  }
  w.y += 10;
}

function totals(w: Writer, rows: PdfTotal[]) {
  const { doc } = w;
  const width = CONTENT_WIDTH * 0.72;
  const x = MARGIN.left + CONTENT_WIDTH - width;
  const valueWidth = 96;
  // The totals stay together: a block that does not fit below the table starts on the next page.
  setFont(doc, FONT.regular, 9.5);
  w.ensure(rows.length * lineHeight(doc) + 24);
  for (const row of rows) {
    setFont(doc, row.strong ? FONT.bold : FONT.regular, row.strong ? 11 : 9.5, BRAND.text);
    const labels = wrapText(doc, row.label, width - valueWidth - 8);
    const height = lineHeight(doc);
    w.ensure(labels.length * height + (row.strong ? 8 : 0));
    if (row.strong) {
      doc
        .moveTo(x, w.y)
        .lineTo(x + width, w.y)
        .lineWidth(0.8)
        .strokeColor(BRAND.colour)
        .stroke();
      w.y += 5;
    }
    labels.forEach((line, index) => {
      doc.text(line, x, w.y + index * height, { lineBreak: false });
    });
    drawLine(doc, row.value, x + width - valueWidth, w.y, valueWidth, 'right');
    w.y += labels.length * height;
  }
  w.y += 12;
}

const QR_SIZE = 92;
const VERIFICATION_HEIGHT = QR_SIZE + 16;

/** The verification block at the bottom of the last page: QR code left, address and fingerprint right. */
async function verification(w: Writer, spec: NonNullable<PdfDocumentModel['verification']>) {
  const { doc } = w;
  if (w.y + VERIFICATION_HEIGHT > w.bottom) w.newPage();
  const top = w.bottom - VERIFICATION_HEIGHT + 8;
  doc
    .moveTo(MARGIN.left, top - 8)
    .lineTo(MARGIN.left + CONTENT_WIDTH, top - 8)
    .lineWidth(0.5)
    .strokeColor(BRAND.rule)
    .stroke();
  const qr = await QRCode.toBuffer(spec.url, { margin: 0, width: 4 * QR_SIZE, errorCorrectionLevel: 'M' });
  doc.image(qr, MARGIN.left, top, { width: QR_SIZE, height: QR_SIZE });
  const x = MARGIN.left + QR_SIZE + 16;
  const width = MARGIN.left + CONTENT_WIDTH - x;
  let y = top;
  setFont(doc, FONT.bold, 9.5, BRAND.colour);
  doc.text('Echtheit prüfen (QR-Code oder Adresse):', x, y, { lineBreak: false });
  y += lineHeight(doc) + 1;
  // The address on one line when it fits at 6 pt or more (Courier glyphs are 0.6 em wide), so it
  // can be typed or copied whole; a longer one is broken.
  const size = Math.max(6, Math.min(8.5, Math.floor((width / (spec.url.length * 0.6)) * 10) / 10));
  setFont(doc, FONT.mono, size, BRAND.text);
  for (const line of wrapText(doc, spec.url, width)) {
    doc.text(line, x, y, { lineBreak: false, link: spec.url });
    y += lineHeight(doc);
  }
  y += 6;
  setFont(doc, FONT.bold, 9.5, BRAND.colour);
  doc.text('Digitaler Fingerabdruck (SHA-256)', x, y, { lineBreak: false });
  y += lineHeight(doc) + 1;
  setFont(doc, FONT.mono, Math.min(8, Math.floor((width / (spec.fingerprint.length * 0.6)) * 10) / 10));
  for (const line of wrapText(doc, spec.fingerprint, width)) {
    doc.text(line, x, y, { lineBreak: false });
    y += lineHeight(doc);
  }
}

/** Page numbers, the sender line and the issuer's legal lines in the bottom margin of every page. */
function pageFooters(doc: Doc, legal: readonly string[]) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = contentBottom(legal.length) + 28;
    doc
      .moveTo(MARGIN.left, y - 8)
      .lineTo(PAGE.width - MARGIN.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(BRAND.rule)
      .stroke();
    setFont(doc, FONT.regular, 8, BRAND.muted);
    doc.text(`${BRAND.name} · ${BRAND.contact}`, MARGIN.left, y, { lineBreak: false });
    drawLine(doc, `Seite ${index + 1} von ${range.count}`, MARGIN.left, y, CONTENT_WIDTH, 'right');
    setFont(doc, FONT.regular, 7, BRAND.muted);
    legal.forEach((line, offset) => {
      // A legal line wider than the page is shortened, never wrapped into the page number's row.
      const [fitted = ''] = atMost(wrapText(doc, line, CONTENT_WIDTH), 1);
      doc.text(fitted, MARGIN.left, y + 11 + offset * FOOTER_LINE_HEIGHT, { lineBreak: false });
    });
  }
}

/** Renders the document as a PDF (A4). CPU-bound: call it from the worker pool, not a request. */
export async function renderPdf(model: PdfDocumentModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: clip(model.metaTitle), Author: BRAND.name },
    ...(model.facturX ? FACTUR_X_PDF_OPTIONS : {}),
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const footer = (model.footer ?? []).map(clip);
  const w = new Writer(doc, footer.length);
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
    w.paragraph(section.heading, { font: FONT.bold, size: 12, colour: BRAND.colour, gap: 4 });
    for (const text of section.intro) w.paragraph(text);
    table(w, section.table);
  }
  if (model.totals.length) totals(w, model.totals);
  for (const text of model.notes) w.paragraph(text, { size: 9.5, colour: BRAND.muted });
  if (model.verification) await verification(w, model.verification);
  pageFooters(doc, footer);
  if (model.facturX) embedFacturX(doc, model.facturX);
  doc.end();
  return done;
}
