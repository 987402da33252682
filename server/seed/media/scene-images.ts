/** Generated SVG scenes: winery landscapes, regions, blog headers, academy thumbnails, brand. */
import type { BrandImageSeed } from '../data/brand';
import { seededRandom } from '../deterministic';
import {
  escapeXml,
  hillPath,
  type Palette,
  paletteOf,
  SANS,
  SERIF,
  svgDocument,
  textLines,
  wrapText,
} from './svg-kit';

export type LandscapeVariant = 'tag' | 'morgen' | 'abend' | 'keller';

const VARIANT_SKY: Readonly<
  Record<Exclude<LandscapeVariant, 'keller'>, (palette: Palette) => [string, string]>
> = {
  tag: (palette) => [palette.skyTop, palette.skyBottom],
  morgen: () => ['#f6d7d0', '#fbeee2'],
  abend: () => ['#5b3a5e', '#e8956b'],
};

function vineRows(width: number, fromY: number, colour: string): string {
  const rows: string[] = [];
  for (let index = 0; index < 9; index += 1) {
    const y = fromY + index * 14;
    rows.push(
      `<line x1="${-40 + index * 10}" y1="${y}" x2="${width + 40}" y2="${y - 30}" stroke="${colour}" stroke-width="3" stroke-dasharray="6 5" opacity="0.6"/>`,
    );
  }
  return rows.join('');
}

function chateau(x: number, baseY: number, colour: string): string {
  return [
    `<rect x="${x}" y="${baseY - 60}" width="150" height="60" fill="${colour}"/>`,
    `<polygon points="${x - 6},${baseY - 60} ${x + 75},${baseY - 95} ${x + 156},${baseY - 60}" fill="${colour}"/>`,
    `<rect x="${x - 24}" y="${baseY - 88}" width="28" height="88" fill="${colour}"/>`,
    `<polygon points="${x - 28},${baseY - 88} ${x - 10},${baseY - 118} ${x + 8},${baseY - 88}" fill="${colour}"/>`,
    `<rect x="${x + 146}" y="${baseY - 88}" width="28" height="88" fill="${colour}"/>`,
    `<polygon points="${x + 142},${baseY - 88} ${x + 160},${baseY - 118} ${x + 178},${baseY - 88}" fill="${colour}"/>`,
  ].join('');
}

/** A château, or in Tuscany and Piedmont a villa between cypresses. */
function landmark(region: string, x: number, baseY: number, colour: string): string {
  if (region !== 'Toskana' && region !== 'Piemont') return chateau(x, baseY, colour);
  const cypresses = [-60, -30, 190, 220, 250]
    .map((offset) => `<ellipse cx="${x + offset}" cy="${baseY - 45}" rx="11" ry="48" fill="#2f3d22"/>`)
    .join('');
  return [
    `<rect x="${x}" y="${baseY - 55}" width="160" height="55" fill="${colour}"/>`,
    `<polygon points="${x - 8},${baseY - 55} ${x + 80},${baseY - 80} ${x + 168},${baseY - 55}" fill="#b5562c"/>`,
    `<rect x="${x + 60}" y="${baseY - 105}" width="40" height="50" fill="${colour}"/>`,
    `<polygon points="${x + 55},${baseY - 105} ${x + 80},${baseY - 120} ${x + 105},${baseY - 105}" fill="#b5562c"/>`,
    cypresses,
  ].join('');
}

function cellar(width: number, height: number): string {
  const barrels: string[] = [];
  for (let row = 0; row < 2; row += 1) {
    for (let index = 0; index < 9; index += 1) {
      const cx = 110 + index * 150 + row * 75;
      const cy = height - 170 - row * 100;
      barrels.push(
        `<ellipse cx="${cx}" cy="${cy}" rx="62" ry="52" fill="#6b4226"/><ellipse cx="${cx}" cy="${cy}" rx="44" ry="36" fill="#7d5030"/><line x1="${cx - 62}" y1="${cy}" x2="${cx + 62}" y2="${cy}" stroke="#3b2414" stroke-width="4"/>`,
      );
    }
  }
  return [
    `<rect width="${width}" height="${height}" fill="#2a1c14"/>`,
    `<path d="M0 ${height} L0 120 Q${width / 2} -60 ${width} 120 L${width} ${height} Z" fill="#3a281c"/>`,
    ...barrels,
  ].join('');
}

function titleBand(width: number, height: number, title: string, subtitle: string): string {
  return [
    `<rect x="0" y="${height - 110}" width="${width}" height="110" fill="#1e140f" opacity="0.55"/>`,
    `<text x="48" y="${height - 56}" font-family="${SERIF}" font-size="44" fill="#fbf4e6">${escapeXml(title)}</text>`,
    `<text x="50" y="${height - 24}" font-family="${SANS}" font-size="20" fill="#e8d5a9">${escapeXml(subtitle)}</text>`,
  ].join('');
}

export interface Landscape {
  title: string;
  subtitle: string;
  region: string;
  variant: LandscapeVariant;
  seedKey: string;
  width?: number;
  height?: number;
}

/**
 * A winery or region landscape (default 1400 × 500) without any text: the pages that show it (the
 * winery hero and carousel, the region cards) write title and caption themselves, and a title baked
 * into the picture appeared twice or was cropped.
 */
export function landscapeSvg(scene: Landscape): string {
  const width = scene.width ?? 1400;
  const height = scene.height ?? 500;
  const palette = paletteOf(scene.region);
  const random = seededRandom(`landscape:${scene.seedKey}:${scene.variant}`);
  if (scene.variant === 'keller') {
    return svgDocument({ width, height }, `${scene.title} – Keller`, cellar(width, height));
  }
  const [skyTop, skyBottom] = VARIANT_SKY[scene.variant](palette);
  const dusk = scene.variant === 'abend';
  const sunX = scene.variant === 'morgen' ? width * 0.18 : width * (0.6 + random() * 0.25);
  const body = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<circle cx="${sunX.toFixed(0)}" cy="${(height * 0.2).toFixed(0)}" r="${dusk ? 60 : 44}" fill="${dusk ? '#f6b26b' : '#fff4d6'}" opacity="0.9"/>`,
    `<path d="${hillPath(width, height, height * 0.45, 90, random)}" fill="${palette.hillFar}" opacity="${dusk ? 0.7 : 1}"/>`,
    `<path d="${hillPath(width, height, height * 0.58, 70, random)}" fill="${palette.hillMid}"/>`,
    landmark(scene.region, width * (0.55 + random() * 0.2), height * 0.54, dusk ? '#3b2a2a' : '#efe3cc'),
    `<path d="${hillPath(width, height, height * 0.7, 50, random)}" fill="${palette.hillNear}"/>`,
    vineRows(width, height * 0.68, dusk ? '#2c3a1f' : '#3f5226'),
  ].join('');
  return svgDocument({ width, height }, scene.title, body);
}

/** Outline of a filled wine glass whose rim is centred at (`x`, `y`). */
function wineGlass(x: number, y: number, outline: string): string {
  return [
    `<path d="M${x - 80} ${y} C${x - 80} ${y + 140} ${x} ${y + 180} ${x} ${y + 180} C${x} ${y + 180} ${x + 80} ${y + 140} ${x + 80} ${y} Z" fill="none" stroke="${outline}" stroke-width="6"/>`,
    `<path d="M${x - 76} ${y + 70} C${x - 60} ${y + 150} ${x} ${y + 176} ${x} ${y + 176} C${x} ${y + 176} ${x + 60} ${y + 150} ${x + 76} ${y + 70} Z" fill="#8e1f33" opacity="0.85"/>`,
    `<line x1="${x}" y1="${y + 180}" x2="${x}" y2="${y + 320}" stroke="${outline}" stroke-width="6"/>`,
    `<line x1="${x - 60}" y1="${y + 322}" x2="${x + 60}" y2="${y + 322}" stroke="${outline}" stroke-width="6" stroke-linecap="round"/>`,
  ].join('');
}

/** Header image of a blog post (1200 × 630). */
export function blogImageSvg(title: string, seedKey: string): string {
  const random = seededRandom(`blog:${seedKey}`);
  const hue = Math.round(340 + random() * 30) % 360;
  const body = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,22%)"/><stop offset="1" stop-color="hsl(${(hue + 20) % 360},35%,38%)"/></linearGradient></defs>`,
    '<rect width="1200" height="630" fill="url(#bg)"/>',
    wineGlass(960, 150, '#f3e3c3'),
    `<text x="80" y="120" font-family="${SANS}" font-size="22" letter-spacing="4" fill="#e8c88a">WEINDEPOT JOURNAL</text>`,
    wrapText(title, 26)
      .slice(0, 4)
      .map(
        (line, index) =>
          `<text x="80" y="${220 + index * 64}" font-family="${SERIF}" font-size="54" fill="#fbf4e6">${escapeXml(line)}</text>`,
      )
      .join(''),
  ].join('');
  return svgDocument({ width: 1200, height: 630 }, title, body);
}

/** Thumbnail of an academy video (640 × 360), matching the video's first frame. */
export function academyThumbnailSvg(title: string): string {
  const body = [
    '<rect width="640" height="360" fill="#5a1e2b"/>',
    '<rect y="300" width="640" height="60" fill="#3d121c"/>',
    `<text x="320" y="80" text-anchor="middle" font-family="${SANS}" font-size="18" letter-spacing="3" fill="#e8c88a">WEINWISSEN</text>`,
    textLines(wrapText(title, 30).slice(0, 3), { x: 320, y: 140, size: 30, lineHeight: 40, fill: '#ffffff' }),
    '<circle cx="320" cy="258" r="26" fill="#ffffff" opacity="0.9"/><polygon points="312,244 336,258 312,272" fill="#5a1e2b"/>',
    `<text x="320" y="336" text-anchor="middle" font-family="${SANS}" font-size="16" fill="#d9c9b0">Weindepot Akademie</text>`,
  ].join('');
  return svgDocument({ width: 640, height: 360 }, title, body);
}

function grapeCluster(cx: number, cy: number, radius: number, colour: string): string {
  const berries: string[] = [];
  const rows = [4, 3, 2, 1];
  rows.forEach((count, row) => {
    for (let index = 0; index < count; index += 1) {
      const x = cx + (index - (count - 1) / 2) * radius * 2;
      berries.push(`<circle cx="${x}" cy="${cy + row * radius * 1.7}" r="${radius}" fill="${colour}"/>`);
    }
  });
  return `${berries.join('')}<path d="M${cx} ${cy - radius} q6 -22 26 -26" stroke="#5b6e3f" stroke-width="4" fill="none"/>`;
}

function warehouse(width: number, height: number): string {
  const shelves: string[] = [`<rect width="${width}" height="${height}" fill="#d9dde2"/>`];
  for (let shelf = 0; shelf < 4; shelf += 1) {
    const y = 50 + shelf * 100;
    shelves.push(`<rect x="60" y="${y + 70}" width="${width - 120}" height="8" fill="#5d6670"/>`);
    for (let index = 0; index < 14; index += 1) {
      const shade = ['#b68a5a', '#a47a4c', '#c39a68'][(index + shelf) % 3];
      shelves.push(
        `<rect x="${70 + index * 76}" y="${y + 22}" width="68" height="48" rx="3" fill="${shade}"/>`,
      );
    }
  }
  return shelves.join('');
}

/** Brand images: logo, storage, start page hero, cellar, advice. */
export function brandImageSvg(brand: BrandImageSeed): string {
  if (brand.motif === 'logo') {
    const body = [
      '<rect width="600" height="200" fill="#fffdf8"/>',
      grapeCluster(90, 70, 14, '#7b1e2e'),
      `<text x="170" y="112" font-family="${SERIF}" font-size="68" fill="#3a2a1a">${escapeXml(brand.headline)}</text>`,
      `<text x="174" y="150" font-family="${SANS}" font-size="20" fill="#7b1e2e">${escapeXml(brand.caption)}</text>`,
    ].join('');
    return svgDocument({ width: 600, height: 200 }, brand.title, body);
  }
  const width = brand.motif === 'hero' ? 1600 : 1200;
  const height = 600;
  const background =
    brand.motif === 'warehouse'
      ? warehouse(width, height)
      : brand.motif === 'cellar'
        ? cellar(width, height)
        : brand.motif === 'hero'
          ? landscapeBackground(width, height)
          : `<rect width="${width}" height="${height}" fill="#efe6d8"/>${wineGlass(width - 420, 80, '#5a1e2b')}${wineGlass(width - 220, 80, '#5a1e2b')}${grapeCluster(200, 140, 26, '#7b1e2e')}`;
  return svgDocument(
    { width, height },
    brand.title,
    background + titleBand(width, height, brand.headline, brand.caption),
  );
}

function landscapeBackground(width: number, height: number): string {
  const random = seededRandom('brand:hero');
  const palette = paletteOf('Bordeaux');
  return [
    `<rect width="${width}" height="${height}" fill="${palette.skyTop}"/>`,
    `<path d="${hillPath(width, height, height * 0.55, 90, random)}" fill="${palette.hillFar}"/>`,
    `<path d="${hillPath(width, height, height * 0.7, 70, random)}" fill="${palette.hillMid}"/>`,
    `<path d="${hillPath(width, height, height * 0.82, 50, random)}" fill="${palette.hillNear}"/>`,
    vineRows(width, height * 0.82, '#3f5226'),
  ].join('');
}
