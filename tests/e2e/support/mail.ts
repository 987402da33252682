import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The development inbox: without SMTP_URL the server writes every sent mail as an `.eml` file to
 * `DATA_DIR/mail/`. Mails leave through the outbox dispatcher, so they appear shortly after the
 * request that caused them; `waitForMailLink` polls for them.
 */

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

interface StoredMail {
  file: string;
  to: string;
  texts: string[];
}

export function e2eDataDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('E2E_DATA_DIR is not set; run the journeys through `npx playwright test`.');
  }
  return dataDir;
}

function mailDir(): string {
  return path.join(e2eDataDir(), 'mail');
}

/** Splits a message (read as latin1, one character per byte) into unfolded headers and body. */
function parsePart(raw: string): MimePart {
  const separator = raw.match(/\r?\n\r?\n/);
  const headerText = separator?.index === undefined ? raw : raw.slice(0, separator.index);
  const body = separator?.index === undefined ? '' : raw.slice(separator.index + separator[0].length);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParameter(value: string, name: string): string | undefined {
  const match = value.match(new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match?.[1] ?? match?.[2];
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParameter(part.headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else bytes = Buffer.from(part.body, 'latin1');
  return new TextDecoder(charset).decode(bytes);
}

/** The decoded text/plain and text/html bodies of a part, walking nested multiparts. */
function textBodies(part: MimePart): string[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const mimeType = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mimeType.startsWith('multipart/')) {
    const boundary = headerParameter(contentType, 'boundary');
    if (!boundary) return [];
    const [, ...sections] = part.body.split(`--${boundary}`);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => textBodies(parsePart(section.replace(/^\r?\n/, ''))));
  }
  return mimeType.startsWith('text/') ? [decodeBody(part)] : [];
}

function readMail(file: string): StoredMail {
  const message = parsePart(readFileSync(file, 'latin1'));
  return { file, to: message.headers.get('to') ?? '', texts: textBodies(message) };
}

/** All mails in the inbox, newest first. */
function inbox(): StoredMail[] {
  let names: string[];
  try {
    names = readdirSync(mailDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => path.join(mailDir(), name))
    .map((file) => ({ file, modified: statSync(file).mtimeMs }))
    .sort((a, b) => b.modified - a.modified || b.file.localeCompare(a.file))
    .map(({ file }) => readMail(file));
}

function links(text: string): string[] {
  return (text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((link) =>
    link.replaceAll('&amp;', '&').replace(/[).,;:!?]+$/, ''),
  );
}

function pathname(link: string): string {
  return URL.canParse(link) ? new URL(link).pathname : '';
}

function recipients(toHeader: string): string[] {
  return (toHeader.match(/[^\s<>",;:]+@[^\s<>",;]+/g) ?? []).map((address) => address.toLowerCase());
}

function findLink(to: string, pathPart: string): string | undefined {
  const address = to.toLowerCase();
  for (const mail of inbox()) {
    if (!recipients(mail.to).includes(address)) continue;
    const link = mail.texts.flatMap(links).find((candidate) => pathname(candidate).includes(pathPart));
    if (link) return link;
  }
  return undefined;
}

/**
 * Waits for the newest mail to `to` that contains a link whose path contains `pathPart`
 * (e.g. '/activate/') and returns that link.
 */
export async function waitForMailLink(to: string, pathPart: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = findLink(to, pathPart);
    if (link) return link;
    if (Date.now() > deadline) {
      const seen = inbox().map((mail) => `${path.basename(mail.file)} (To: ${mail.to})`);
      throw new Error(
        `No mail to ${to} with a link to ${pathPart} within ${timeoutMs} ms in ${mailDir()}.\n` +
          `Mails there: ${seen.length ? seen.join(', ') : 'none'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The text of the first mail to `to` that contains `text`, waited for like `waitForMailLink`. */
export async function waitForMailText(to: string, text: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = inbox()
      .filter((mail) => recipients(mail.to).includes(to.toLowerCase()))
      .flatMap((mail) => mail.texts)
      .find((body) => body.includes(text));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} containing „${text}“ within ${timeoutMs} ms in ${mailDir()}.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path segment after `pathPart`, e.g. the uid of `/activate/<uid>` or the token of `/set-password/<token>`. */
export function pathSegmentAfter(link: string, pathPart: string): string {
  const linkPath = pathname(link);
  const start = linkPath.indexOf(pathPart);
  const segment = start < 0 ? undefined : linkPath.slice(start + pathPart.length).split('/')[0];
  if (!segment) throw new Error(`No path segment after ${pathPart} in ${link}`);
  return decodeURIComponent(segment);
}
