/** Generated SVGs around a wine: bottle, winery crest, reference chart and critic badge. */
import type { WineGroupSeed } from '../data/wines';
import {
  escapeXml,
  GLASS,
  monogram,
  paletteOf,
  SANS,
  SERIF,
  svgDocument,
  textLines,
  wrapText,
} from './svg-kit';

export type BottleShape = 'bordeaux' | 'burgund' | 'champagne';

const BOTTLE_PATHS: Readonly<Record<BottleShape, string>> = {
  bordeaux:
    'M203 60 L247 60 L247 290 C247 330 300 335 300 375 L300 845 Q300 860 285 860 L165 860 Q150 860 150 845 L150 375 C150 335 203 330 203 290 Z',
  burgund:
    'M205 60 L245 60 L245 230 C245 330 305 360 305 450 L305 845 Q305 860 290 860 L160 860 Q145 860 145 845 L145 450 C145 360 205 330 205 230 Z',
  champagne:
    'M200 50 L250 50 L250 220 C250 320 312 350 312 450 L312 840 Q312 860 292 860 L158 860 Q138 860 138 840 L138 450 C138 350 200 320 200 220 Z',
};

export function bottleShapeOf(region: string, group: WineGroupSeed): BottleShape {
  if (group === 'CHAMPAGNER') return 'champagne';
  return ['Burgund', 'Rhône', 'Piemont'].includes(region) ? 'burgund' : 'bordeaux';
}

export interface BottleImage {
  title: string;
  winery: string;
  group: WineGroupSeed;
  shape: BottleShape;
  year?: number;
  /** Caption of a special edition: the label becomes an artist's label. */
  edition?: string;
  /** Pixel width; the drawing is 450 × 900 and scales. */
  width?: number;
}

function artistLabel(): string {
  const colours = ['#d94f3d', '#f2b134', '#2b6cb0', '#3c9d6e', '#8e44ad'];
  return colours
    .map(
      (colour, index) =>
        `<circle cx="${184 + index * 21}" cy="${548 + (index % 2) * 34}" r="${20 - index * 2}" fill="${colour}" opacity="0.85"/>`,
    )
    .join('');
}

export function bottleSvg(bottle: BottleImage): string {
  const glass = GLASS[bottle.group];
  const width = bottle.width ?? 450;
  const titleLines = wrapText(bottle.title, 13).slice(0, 4);
  const labelTop = bottle.edition ? 640 : 540;
  const label = bottle.edition
    ? `<rect x="160" y="500" width="130" height="230" rx="4" fill="#fbf7ee"/>${artistLabel()}`
    : `<rect x="160" y="500" width="130" height="230" rx="4" fill="#f7f0e1" stroke="#c9b58a" stroke-width="2"/>`;
  const year =
    bottle.year === undefined
      ? ''
      : textLines([String(bottle.year)], {
          x: 225,
          y: 712,
          size: 26,
          lineHeight: 0,
          fill: '#5a1e2b',
          weight: 'bold',
        });
  const caption = bottle.edition
    ? textLines([`Sonderedition · ${bottle.edition}`], {
        x: 225,
        y: 890,
        size: 14,
        lineHeight: 0,
        fill: '#5a1e2b',
        font: SANS,
      })
    : '';
  const body = [
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#faf6ef"/><stop offset="1" stop-color="#efe6d8"/></linearGradient></defs>',
    '<rect width="450" height="900" fill="url(#bg)"/>',
    '<ellipse cx="225" cy="866" rx="120" ry="12" fill="#000" opacity="0.12"/>',
    `<path d="${BOTTLE_PATHS[bottle.shape]}" fill="${glass.glass}"/>`,
    `<rect x="${bottle.shape === 'champagne' ? 196 : 200}" y="${bottle.shape === 'champagne' ? 46 : 56}" width="${bottle.shape === 'champagne' ? 58 : 50}" height="${bottle.shape === 'champagne' ? 200 : 100}" rx="6" fill="${glass.capsule}"/>`,
    `<rect x="${bottle.shape === 'bordeaux' ? 165 : 160}" y="400" width="14" height="420" rx="7" fill="${glass.shine}" opacity="0.55"/>`,
    label,
    textLines(titleLines, { x: 225, y: labelTop, size: 15, lineHeight: 19, fill: '#3a2a1a', weight: 'bold' }),
    bottle.edition
      ? ''
      : textLines(wrapText(bottle.winery, 18).slice(0, 2), {
          x: 225,
          y: 655,
          size: 11,
          lineHeight: 14,
          fill: '#6b5b45',
          font: SANS,
        }),
    year,
    caption,
  ].join('');
  return svgDocument({ width, height: width * 2, viewWidth: 450, viewHeight: 900 }, bottle.title, body);
}

/** Winery crest: a shield with the monogram and the name below. */
export function wineryLogoSvg(title: string, region: string): string {
  const palette = paletteOf(region);
  const body = [
    '<rect width="240" height="300" fill="#fffdf8"/>',
    `<path d="M120 18 L210 48 L210 130 C210 185 170 218 120 236 C70 218 30 185 30 130 L30 48 Z" fill="${palette.accent}"/>`,
    '<path d="M120 32 L198 58 L198 130 C198 178 164 206 120 222 C76 206 42 178 42 130 L42 58 Z" fill="none" stroke="#e8d5a9" stroke-width="3"/>',
    `<text x="120" y="150" text-anchor="middle" font-family="${SERIF}" font-size="64" fill="#f7ecd2">${escapeXml(monogram(title))}</text>`,
    textLines(wrapText(title, 22).slice(0, 2), { x: 120, y: 266, size: 16, lineHeight: 20, fill: '#3a2a1a' }),
  ].join('');
  return svgDocument({ width: 240, height: 300 }, `Logo ${title}`, body);
}

export interface ReferenceChart {
  title: string;
  subtitle: string;
  series: readonly number[];
  kpi: string;
}

/** Line chart of the reference vintage's value over the reference period (start = 100). */
export function referenceChartSvg(chart: ReferenceChart): string {
  const left = 60;
  const top = 70;
  const plotWidth = 540;
  const plotHeight = 190;
  const max = Math.max(...chart.series) * 1.05;
  const min = Math.min(...chart.series) * 0.95;
  const x = (index: number) => left + (index / (chart.series.length - 1)) * plotWidth;
  const y = (value: number) => top + plotHeight - ((value - min) / (max - min)) * plotHeight;
  const points = chart.series
    .map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`)
    .join(' ');
  const labels = chart.series
    .map((_, index) => {
      const yearsAgo = chart.series.length - 1 - index;
      const label = yearsAgo === 0 ? 'heute' : `vor ${yearsAgo} J.`;
      return `<text x="${x(index).toFixed(1)}" y="${top + plotHeight + 22}" text-anchor="middle" font-family="${SANS}" font-size="12" fill="#6b5b45">${label}</text>`;
    })
    .join('');
  const grid = [0, 1, 2, 3]
    .map((step) => {
      const gy = top + (step / 3) * plotHeight;
      return `<line x1="${left}" y1="${gy}" x2="${left + plotWidth}" y2="${gy}" stroke="#e6dccb" stroke-width="1"/>`;
    })
    .join('');
  const last = chart.series.length - 1;
  const gain = `+${Number(chart.kpi).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
  const body = [
    '<rect width="640" height="320" rx="12" fill="#fffdf8"/>',
    `<text x="24" y="34" font-family="${SERIF}" font-size="18" fill="#3a2a1a">${escapeXml(chart.title)}</text>`,
    `<text x="24" y="54" font-family="${SANS}" font-size="12" fill="#6b5b45">${escapeXml(chart.subtitle)}</text>`,
    grid,
    `<polygon points="${left},${top + plotHeight} ${points} ${x(last).toFixed(1)},${top + plotHeight}" fill="#7b1e2e" opacity="0.12"/>`,
    `<polyline points="${points}" fill="none" stroke="#7b1e2e" stroke-width="3" stroke-linejoin="round"/>`,
    `<circle cx="${x(last).toFixed(1)}" cy="${y(chart.series[last] ?? 100).toFixed(1)}" r="5" fill="#7b1e2e"/>`,
    `<text x="${left + plotWidth}" y="34" text-anchor="end" font-family="${SANS}" font-size="20" font-weight="bold" fill="#2f7a3e">${gain}</text>`,
    labels,
  ].join('');
  return svgDocument({ width: 640, height: 320 }, chart.title, body);
}

/** Round badge of a wine critic with initials. */
export function raterBadgeSvg(title: string): string {
  const initials = title
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2);
  const body = [
    '<circle cx="80" cy="80" r="76" fill="#3a2a1a"/>',
    '<circle cx="80" cy="80" r="66" fill="none" stroke="#c9a646" stroke-width="3"/>',
    `<text x="80" y="98" text-anchor="middle" font-family="${SERIF}" font-size="48" fill="#f7ecd2">${escapeXml(initials)}</text>`,
  ].join('');
  return svgDocument({ width: 160, height: 160 }, title, body);
}
