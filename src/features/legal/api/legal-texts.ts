import type { LegalSlug } from '../../../domain/legal-pages';

// The Markdown files of content/legal, bundled into the legal pages' chunk (precached with the
// app), so every legal page opens offline, also on a device that never showed it.
const files = import.meta.glob<string>('../../../../content/legal/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The Markdown of a legal page. */
export function legalMarkdown(slug: LegalSlug): string {
  const text = files[`../../../../content/legal/${slug}.md`];
  if (text === undefined) throw new Error(`Rechtstext fehlt: content/legal/${slug}.md`);
  return text;
}
