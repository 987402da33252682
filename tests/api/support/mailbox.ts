import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface WrittenMail {
  file: string;
  to: string;
  /** The Reply-To header ('' without one). */
  replyTo: string;
  subject: string;
  /** The decoded plain-text part. */
  text: string;
}

/** Decodes a quoted-printable body (soft line breaks and =XX escapes, UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function header(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi'));
  return decodeHeader((match?.[1] ?? '').replace(/\n[ \t]+/g, ' ').trim());
}

/** Reads an .eml file written by the file transport and returns its text part decoded. */
export function parseMail(file: string, raw: string): WrittenMail {
  const textPart = raw.match(
    /Content-Type: text\/plain[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?\n([\s\S]*?)\n--/i,
  );
  const encoding = textPart?.[1]?.trim().toLowerCase();
  const body = textPart?.[2] ?? '';
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
        : body;
  return {
    file,
    to: header(raw, 'To'),
    replyTo: header(raw, 'Reply-To'),
    subject: header(raw, 'Subject'),
    text,
  };
}

export async function readMailbox(mailDir: string): Promise<WrittenMail[]> {
  const files = (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => parseMail(name, await readFile(path.join(mailDir, name), 'utf8'))),
  );
}

/** The first link in the mail's text whose path starts with `pathPrefix`. */
export function linkIn(mail: WrittenMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/[^\s<>"]+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`Kein Link ${pathPrefix} in der Mail "${mail.subject}"`);
  return link;
}
