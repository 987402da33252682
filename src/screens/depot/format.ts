const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** 2026-11-21 → "21.11.2026"; "–" without a date. */
export function formatDate(date: Date | string | null): string {
  if (date === null) return '–';
  return dateFormat.format(typeof date === 'string' ? new Date(date) : date);
}
