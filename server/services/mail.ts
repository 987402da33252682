import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { writeFileDurably } from './durable-file';
import { withLegalFooter } from './mail-footer';
import { enqueueOutbox } from './outbox';

export interface MailMessage {
  to: string;
  /** Where replies go (the contact form: the signed-in client's own address). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SendOptions {
  /**
   * Stable key of this message (the outbox row): sent as `Message-ID: <key@sender-domain>`, the
   * same on every redelivery, so a receiver can recognise a mail delivered twice after a crash
   * between sending and recording it as sent.
   */
  idempotencyKey?: string;
  /**
   * The file transport's name for this message without `.eml` (the outbox row's, see
   * `outboxFileStem`): a message whose file already exists is not written again.
   */
  fileStem?: string;
}

export interface MailTransport {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
}

/** `<key@domain>` with the domain of the sender address (`Weindepot <service@weindepot.example>`). */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? 'weindepot.invalid';
  return `<${idempotencyKey}@${domain}>`;
}

export function enqueueMail(tx: Pick<Database, 'insert'>, message: MailMessage): Promise<void> {
  return enqueueOutbox(tx, 'mail', { ...message });
}

export function isMailMessage(
  value: Record<string, unknown>,
): value is Record<string, unknown> & MailMessage {
  return typeof value.to === 'string' && typeof value.subject === 'string' && typeof value.text === 'string';
}

/**
 * SMTP when `smtpUrl` is set; otherwise every mail is written as an `.eml` file to `mailDir`
 * (the development inbox), named so that `ls` lists them in sending order. A file appears complete
 * or not at all (durable-file.ts); a redelivered outbox row finds its file and writes nothing.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
  /** The portal's address: every mail then ends with the links to its legal pages. */
  publicUrl?: string;
}): MailTransport {
  const footed = (message: MailMessage) =>
    options.publicUrl ? withLegalFooter(message, options.publicUrl) : message;
  const messageIdOption = (sendOptions: SendOptions | undefined) =>
    sendOptions?.idempotencyKey ? { messageId: messageIdFor(sendOptions.idempotencyKey, options.from) } : {};
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message, sendOptions) {
        await smtp.sendMail({ from: options.from, ...footed(message), ...messageIdOption(sendOptions) });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, sendOptions) {
      const info = await stream.sendMail({
        from: options.from,
        ...footed(message),
        ...messageIdOption(sendOptions),
      });
      const stem =
        sendOptions?.fileStem ??
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      await writeFileDurably(path.join(options.mailDir, `${stem}.eml`), info.message as Buffer, {
        ifExists: 'keep',
      });
    },
  };
}
