import type { WineGroupSeed } from '../data/wines';

/** Small building blocks for the generated SVG images: escaping, line wrapping, colours. */

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Breaks `text` into lines of at most `maxChars` characters (longer words stay whole). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const NON_INITIAL_WORDS = new Set([
  'château',
  'domaine',
  'de',
  'la',
  'le',
  'du',
  'des',
  'tenuta',
  'dominio',
  'e.',
  'jean-louis',
  'giacomo',
]);

/** Monogram of a winery ("Château Lafite Rothschild" → "LR", "Pétrus" → "P"). */
export function monogram(title: string): string {
  const words = title
    .split(/\s+/)
    .map((word) => word.replace(/^(dell|d|l)’/i, ''))
    .filter((word) => !NON_INITIAL_WORDS.has(word.toLowerCase()));
  const significant = words.length > 0 ? words : title.split(/\s+/);
  return significant
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

export interface Palette {
  skyTop: string;
  skyBottom: string;
  hillFar: string;
  hillMid: string;
  hillNear: string;
  accent: string;
}

const PALETTES: Readonly<Record<string, Palette>> = {
  Bordeaux: {
    skyTop: '#f3e3cf',
    skyBottom: '#f9f1e6',
    hillFar: '#a9b48a',
    hillMid: '#7f9160',
    hillNear: '#5b6e3f',
    accent: '#7b1e2e',
  },
  Burgund: {
    skyTop: '#e9dccf',
    skyBottom: '#f6efe7',
    hillFar: '#b2ad7e',
    hillMid: '#8a8a55',
    hillNear: '#64673a',
    accent: '#8b2942',
  },
  Champagne: {
    skyTop: '#eef0f3',
    skyBottom: '#fbf8ef',
    hillFar: '#c9c9a4',
    hillMid: '#a3a878',
    hillNear: '#7d8554',
    accent: '#b08d2f',
  },
  Rhône: {
    skyTop: '#f4dcc4',
    skyBottom: '#fbeee0',
    hillFar: '#b49b7a',
    hillMid: '#8f7553',
    hillNear: '#6a5437',
    accent: '#6e2a3b',
  },
  Toskana: {
    skyTop: '#f6dfbf',
    skyBottom: '#fcf3e4',
    hillFar: '#c2b27c',
    hillMid: '#98905a',
    hillNear: '#5f6b3b',
    accent: '#a5472a',
  },
  Piemont: {
    skyTop: '#dfe3e8',
    skyBottom: '#f4f2ee',
    hillFar: '#aab3a1',
    hillMid: '#84917a',
    hillNear: '#5d6b52',
    accent: '#7c2d3a',
  },
  'Napa Valley': {
    skyTop: '#cfe3f1',
    skyBottom: '#f5efe2',
    hillFar: '#c8ad78',
    hillMid: '#a18a55',
    hillNear: '#6d7a3c',
    accent: '#5a2036',
  },
  'Ribera del Duero': {
    skyTop: '#e8d7bd',
    skyBottom: '#f8efe1',
    hillFar: '#c9a979',
    hillMid: '#a88557',
    hillNear: '#7c6a3c',
    accent: '#7a2331',
  },
};

export function paletteOf(region: string): Palette {
  return PALETTES[region] ?? (PALETTES.Bordeaux as Palette);
}

/** Colours of the bottle glass and wine by wine group. */
export const GLASS: Readonly<Record<WineGroupSeed, { glass: string; shine: string; capsule: string }>> = {
  ROTWEIN: { glass: '#3b1520', shine: '#6b2a3a', capsule: '#7b1e2e' },
  WEISSWEIN: { glass: '#b9a45a', shine: '#e3d391', capsule: '#8c7a33' },
  CHAMPAGNER: { glass: '#2f3b22', shine: '#56683c', capsule: '#c9a646' },
};

export const SERIF = "Georgia, 'DejaVu Serif', 'Times New Roman', serif";
export const SANS = "'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif";

/** A complete SVG file; `viewBox` defaults to the pixel size (a smaller size scales the drawing). */
export function svgDocument(
  size: { width: number; height: number; viewWidth?: number; viewHeight?: number },
  title: string,
  body: string,
): string {
  const viewBox = `0 0 ${size.viewWidth ?? size.width} ${size.viewHeight ?? size.height}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="${viewBox}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>\n`;
}

/** Centred lines of text starting at baseline `y`. */
export function textLines(
  lines: readonly string[],
  options: {
    x: number;
    y: number;
    size: number;
    lineHeight: number;
    fill: string;
    font?: string;
    weight?: string;
  },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${options.x}" y="${options.y + index * options.lineHeight}" text-anchor="middle" font-family="${options.font ?? SERIF}" font-size="${options.size}" font-weight="${options.weight ?? 'normal'}" fill="${options.fill}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** A rolling hill line across `width`, varied by `random`. */
export function hillPath(
  width: number,
  height: number,
  baseY: number,
  amplitude: number,
  random: () => number,
) {
  const segments = 4;
  const step = width / segments;
  let path = `M0 ${height} L0 ${baseY}`;
  for (let index = 0; index < segments; index += 1) {
    const x1 = index * step + step / 2;
    const y1 = baseY - amplitude * (0.4 + random() * 0.8);
    const x2 = (index + 1) * step;
    const y2 = baseY - amplitude * (random() * 0.5);
    path += ` Q${x1.toFixed(0)} ${y1.toFixed(0)} ${x2.toFixed(0)} ${y2.toFixed(0)}`;
  }
  return `${path} L${width} ${height} Z`;
}
