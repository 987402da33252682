/**
 * Dates as the portal writes them in running text (blog, academy): German, Europe/Berlin, so a
 * post published shortly after midnight in Berlin shows that day on every device.
 */
const longDate = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

/** "2026-09-10T08:00:00Z" → "10. September 2026". */
export function formatLongDate(moment: Date | string): string {
  return longDate.format(typeof moment === 'string' ? new Date(moment) : moment);
}
