import { LEGAL_PAGES } from '../../src/domain/legal-pages';
import { escapeHtml } from './mail-escape';

/**
 * The legal pages' links at the foot of every mail (Impressum, Datenschutz, AGB, Widerruf,
 * Barrierefreiheit), absolute to the portal's address. Added by the transport as it sends, so no
 * mail can leave without them.
 */
export function withLegalFooter<Message extends { text: string; html?: string }>(
  message: Message,
  publicUrl: string,
): Message {
  const base = publicUrl.replace(/\/+$/, '');
  const links = LEGAL_PAGES.map((page) => ({ label: page.label, url: `${base}${page.path}` }));
  const text = `${message.text}\n\nRechtliches:\n${links.map((link) => `${link.label}: ${link.url}`).join('\n')}\n`;
  if (!message.html) return { ...message, text };
  const footer = `<p style="font-size:12px;color:#555">${links
    .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
    .join(' · ')}</p>`;
  const html = message.html.includes('</body>')
    ? message.html.replace('</body>', `${footer}\n</body>`)
    : `${message.html}\n${footer}`;
  return { ...message, text, html };
}
