/**
 * What a reader and an archive see of a PDF written by the server, read with poppler's and qpdf's
 * command-line tools (the fonts are embedded subsets, so the text is only readable through their
 * Unicode maps): the visible text, the fonts, the document properties with the XMP metadata, and
 * the types of the structure tree in reading order.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'weindepot-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

/** The text in content order, lines joined with single spaces. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the PDF embeds at least one image (e.g. the certificate's QR code). */
export function pdfHasImage(pdf: Buffer): boolean {
  return /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));
}

export interface PdfFont {
  name: string;
  embedded: boolean;
  unicode: boolean;
}

/** Every font of the document as `pdffonts` lists it. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const lines = withFile(pdf, (file) => run('pdffonts', [file]))
    .split('\n')
    .slice(2);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      // name, type (may contain spaces), encoding, emb, sub, uni, object, generation
      const columns = line.trim().split(/\s+/);
      const [emb, , uni] = columns.slice(-5, -2);
      return { name: columns[0] ?? '', embedded: emb === 'yes', unicode: uni === 'yes' };
    });
}

/** `pdfinfo`'s document properties (Title, Tagged, …) and the XMP metadata it prints with `-meta`. */
export function pdfInfo(pdf: Buffer): { properties: Record<string, string>; xmp: string } {
  return withFile(pdf, (file) => {
    const properties: Record<string, string> = {};
    for (const line of run('pdfinfo', [file]).split('\n')) {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      if (match?.[1]) properties[match[1]] = match[2] ?? '';
    }
    return { properties, xmp: run('pdfinfo', ['-meta', file]) };
  });
}

type PdfObject = Record<string, unknown>;

/** The structure types (`/S`) of the tagged PDF, depth first, i.e. in reading order: Document, H1, P, Table, TR, TH, … */
export function pdfStructure(pdf: Buffer): string[] {
  const json = JSON.parse(withFile(pdf, (file) => run('qpdf', ['--json=2', '--json-key=qpdf', file]))) as {
    qpdf: [unknown, Record<string, { value?: unknown }>];
  };
  const objects = json.qpdf[1];
  const resolve = (value: unknown): unknown =>
    typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value : value;
  const trailer = objects.trailer?.value as PdfObject;
  const root = resolve(trailer['/Root']) as PdfObject;
  const types: string[] = [];
  const visit = (node: unknown) => {
    const element = resolve(node);
    if (Array.isArray(element)) {
      element.forEach(visit);
      return;
    }
    if (!element || typeof element !== 'object') return;
    const dictionary = element as PdfObject;
    if (typeof dictionary['/S'] === 'string') types.push(dictionary['/S'].slice(1));
    if ('/K' in dictionary) visit(dictionary['/K']);
  };
  visit((resolve(root['/StructTreeRoot']) as PdfObject)['/K']);
  return types;
}

/**
 * The archival and accessibility checks every document must pass: fonts embedded with Unicode
 * maps, tagged, PDF/A-3b declared in the XMP with title, author, subject and language, and a
 * structure tree with a first-level heading and tables with header cells.
 */
export function archivalFindings(pdf: Buffer): string[] {
  const findings: string[] = [];
  const fonts = pdfFonts(pdf);
  if (fonts.length === 0) findings.push('no fonts');
  for (const font of fonts) {
    if (!font.embedded) findings.push(`font ${font.name} not embedded`);
    if (!font.unicode) findings.push(`font ${font.name} without Unicode map`);
  }
  const { properties, xmp } = pdfInfo(pdf);
  if (properties.Tagged !== 'yes') findings.push('not tagged');
  for (const key of ['Title', 'Author', 'Subject']) if (!properties[key]) findings.push(`no ${key}`);
  if (!/<pdfaid:part>3<\/pdfaid:part>/.test(xmp)) findings.push('no PDF/A part 3 in the XMP');
  if (!/<pdfaid:conformance>B<\/pdfaid:conformance>/.test(xmp)) findings.push('no PDF/A conformance B');
  if (!/<dc:language>[\s\S]*de-DE[\s\S]*<\/dc:language>/.test(xmp))
    findings.push('no language de-DE in the XMP');
  if (!xmp.includes('<dc:title>') || !xmp.includes('<dc:creator>') || !xmp.includes('<dc:description>'))
    findings.push('title, author or subject missing in the XMP');
  const structure = pdfStructure(pdf);
  if (structure[0] !== 'Document') findings.push('structure tree does not start with Document');
  if (!structure.includes('H1')) findings.push('no H1');
  if (!structure.includes('Table') || !structure.includes('TH') || !structure.includes('TD'))
    findings.push('no table with header cells');
  return findings;
}
