/** Text for an HTML mail part: the five characters HTML gives a meaning, as numeric references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
