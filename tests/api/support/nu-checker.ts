/**
 * The Nu HTML checker (npm package `vnu-jar`, the W3C validator's engine) over a set of HTML
 * documents, in one Java run: each start of the JVM costs seconds on this machine.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface HtmlDocument {
  /** What the document is, e.g. `GET /login` or `Mail: activationMail`; names the file checked. */
  name: string;
  html: string;
}

/** One error of the checker, with the document it was found in. */
export interface NuError {
  document: string;
  line: number | undefined;
  message: string;
  extract: string;
}

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** The file name of a document: its name reduced to letters, digits and dashes. */
function fileName(index: number, name: string): string {
  return `${String(index).padStart(2, '0')}-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.html`;
}

/** Every error (warnings left out) the checker reports in `documents`; empty when all are valid. */
export async function nuErrors(documents: HtmlDocument[]): Promise<NuError[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'weindepot-vnu-'));
  try {
    const files = new Map<string, string>();
    await Promise.all(
      documents.map((document, index) => {
        const file = path.join(dir, fileName(index, document.name));
        files.set(file, document.name);
        return writeFile(file, document.html);
      }),
    );
    const stdout = await new Promise<string>((resolve, reject) => {
      // Exit code 1 only says that errors were found; they are read from the JSON report.
      execFile(
        'java',
        ['-Xss1m', '-jar', vnuJar, '--format', 'json', '--stdout', '--errors-only', ...files.keys()],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, out) => (error && !out ? reject(error) : resolve(out)),
      );
    });
    const report: { messages: NuMessage[] } = JSON.parse(stdout);
    return report.messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => {
        const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
        return {
          document: files.get(file) ?? file,
          line: message.lastLine,
          message: message.message,
          extract: message.extract ?? '',
        };
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
