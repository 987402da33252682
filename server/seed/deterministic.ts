import { createHash } from 'node:crypto';

/**
 * Deterministic helpers for the demo data: the seed must produce the same state on every run
 * (only the dates move with `now`), so "random" variation comes from a PRNG keyed by a string.
 */

/** FNV-1a hash of a string, as an unsigned 32-bit integer. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A mulberry32 generator seeded by `key`: returns numbers in [0, 1). */
export function seededRandom(key: string): () => number {
  let state = hashString(key);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] drawn from `random`. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export function daysAfter(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** `YYYY-MM-DD` of a date (UTC), the form Drizzle uses for `date` columns. */
export function isoDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** Adds whole months, keeping the day where possible (for delivery dates). */
export function monthsAfter(now: Date, months: number): Date {
  const result = new Date(now.getTime());
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** Integer cents of a decimal money string such as `'729.00'`. */
export function toCents(amount: string): number {
  const [euros = '0', fraction = ''] = amount.split('.');
  return Number.parseInt(euros, 10) * 100 + Number.parseInt(fraction.padEnd(2, '0').slice(0, 2), 10);
}

/** Decimal money string of integer cents, as stored in `numeric(12,2)` columns. */
export function fromCents(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const absolute = Math.abs(rounded);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Title without diacritics ("Château Pétrus" → "Chateau Petrus"), for search columns. */
export function unidecode(title: string): string {
  return title.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** URL-safe slug of a title ("Château Lafite Rothschild" → "chateau-lafite-rothschild"). */
export function slugify(title: string): string {
  return unidecode(title)
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A UUID (version 4 layout) derived from `key`, so public links of the demo data stay stable. */
export function deterministicUuid(key: string): string {
  const hex = createHash('sha256').update(`seed-uuid:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A 43-character base64url token derived from `key` (looks random, is reproducible). */
export function deterministicToken(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
