/**
 * The HTTP side shared by every PDF route (invoice, certificate, settlement): the flood guard per
 * user or IP and the answer of a document rendered in the worker pool (`private, no-store`; a
 * German 503 when the pool is overloaded or a document runs out of time). A document is rendered
 * once, when first asked for, and its bytes are answered from then on (`issued-documents.ts`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { userFromToken } from '../services/auth';
import { authMessages } from '../services/auth-validation';
import { type DocumentRequest, type IssuedDocument, issuedDocument } from '../services/issued-documents';
import { countAndCheck, rateLimits } from '../services/rate-limit';
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

/**
 * Sends the stored bytes of an issued document, issuing it now (rendered in the worker pool and
 * stored) when it has not been issued yet; overload and timeouts answer 503 in German. The
 * document's id and SHA-256 go along as headers, so an API client can check its copy.
 */
export async function sendPdf(
  pdfPool: PdfPool,
  db: Database,
  publicUrl: string,
  reply: FastifyReply,
  request: DocumentRequest,
) {
  let document: IssuedDocument;
  try {
    document = await issuedDocument(db, publicUrl, request, (model) => pdfPool.render(model));
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
    .header('content-disposition', `inline; filename="${document.filename}"`)
    .header('x-document-id', document.id)
    .header('x-document-sha256', document.sha256)
    .type('application/pdf')
    .send(document.pdf);
}
