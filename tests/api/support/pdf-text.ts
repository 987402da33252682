/**
 * The visible text of a PDF written by the server (pdfkit, standard fonts): every content stream
 * is inflated, each text object's `[<hex> kerning <hex> …] TJ` array is decoded (WinAnsi) and
 * joined, and the lines are joined with single spaces. Enough to assert what a reader sees.
 */
import { inflateSync } from 'node:zlib';

// WinAnsiEncoding: Latin-1 except 0x80–0x9F (Node's TextDecoder without full ICU decodes
// 'windows-1252' as Latin-1 and would lose e.g. the euro sign).
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function decodeWinAnsi(bytes: Buffer): string {
  return Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? (WIN_ANSI_HIGH[byte - 0x80] ?? '') : String.fromCharCode(byte),
  ).join('');
}

function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const start = /stream\r?\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const from = match.index + match[0].length;
    const to = raw.indexOf('endstream', from);
    if (to < 0) break;
    const bytes = Buffer.from(raw.slice(from, to), 'latin1');
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      // Not deflated (e.g. an image's raw data): no text in it.
    }
  }
  return streams;
}

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const array of stream.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(decodeWinAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

/** Whether the PDF embeds at least one image (e.g. the certificate's QR code). */
export function pdfHasImage(pdf: Buffer): boolean {
  return /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));
}
