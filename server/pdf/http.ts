/**
 * The HTTP side shared by every PDF route (invoice, certificate, settlement): the flood guard per
 * user or IP and the answer of a document rendered in the worker pool (`private, no-store`; a
 * German 503 when the pool is overloaded or a document runs out of time).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { userFromToken } from '../services/auth';
import { authMessages } from '../services/auth-validation';
import { countAndCheck, rateLimits } from '../services/rate-limit';
import type { PdfDocumentModel } from './layout';
import { type PdfPool, PdfRenderError } from './pool';

/**
 * The PDF routes' flood guard: a signed-in request (`Authorization: JWT …`, as the PWA's offline
 * sync sends it) counts against its user, any other against its IP. Answers false after replying 429.
 */
export async function withinPdfLimit(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const token = request.headers.authorization?.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1];
  const user = token ? await userFromToken(db, config, token) : null;
  const [key, rule] = user
    ? [`pdf:user:${user.id}`, rateLimits.pdfPerUser]
    : [`pdf:ip:${request.ip}`, rateLimits.pdfPerIp];
  if (!(await countAndCheck(db, key, rule))) return true;
  await reply
    .code(429)
    .header('retry-after', String(rule.windowSeconds))
    .type('text/plain; charset=utf-8')
    .send(authMessages.rateLimited);
  return false;
}

/** Renders in the worker pool and sends the PDF; overload and timeouts answer 503 in German. */
export async function sendPdf(
  pdfPool: PdfPool,
  reply: FastifyReply,
  model: PdfDocumentModel,
  filename: string,
) {
  let pdf: Buffer;
  try {
    pdf = await pdfPool.render(model);
  } catch (error) {
    if (!(error instanceof PdfRenderError)) throw error;
    return reply
      .code(503)
      .header('retry-after', '60')
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(error.message);
  }
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${filename}"`)
    .type('application/pdf')
    .send(pdf);
}
