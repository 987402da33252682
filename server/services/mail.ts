import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
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
 * (the development inbox), named so that `ls` lists them in sending order.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
}): MailTransport {
  const messageIdOption = (sendOptions: SendOptions | undefined) =>
    sendOptions?.idempotencyKey ? { messageId: messageIdFor(sendOptions.idempotencyKey, options.from) } : {};
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message, sendOptions) {
        await smtp.sendMail({ from: options.from, ...message, ...messageIdOption(sendOptions) });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, sendOptions) {
      const info = await stream.sendMail({ from: options.from, ...message, ...messageIdOption(sendOptions) });
      await mkdir(options.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.mailDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
    },
  };
}
