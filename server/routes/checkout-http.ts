import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { PdfPool } from '../pdf/pool';

/** What the checkout's routes work with. */
export interface CheckoutRouteDeps {
  db: Database;
  config: ServerConfig;
  nudgeOutbox: () => void;
  pdfPool: PdfPool;
}

/** Pages of one client's invoices and payments: kept by no cache, shared or the browser's. */
export const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(body);

export const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden.');

/** The request body as sent: the checkout plugin keeps every body a string (signatures, forms). */
export const rawBody = (body: unknown): string => (typeof body === 'string' ? body : '');
