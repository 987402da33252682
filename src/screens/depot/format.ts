const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** 2026-11-21 → "21.11.2026"; "–" without a date. */
export function formatDate(date: Date | string | null): string {
  if (date === null) return '–';
  return dateFormat.format(typeof date === 'string' ? new Date(date) : date);
}

const dayFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day "2026-11-03" → "03.11.2026" (in every time zone); "–" without one. */
export function formatDay(day: string | null): string {
  return day === null ? '–' : dayFormat.format(new Date(`${day}T00:00:00Z`));
}
