/**
 * Security headers of every answer (helmet): a strict Content-Security-Policy under which the PWA,
 * its service worker, the maps (module workers, the shipped country shapes, configured tile
 * servers), the charts, the hosted payment page and the videos work; HSTS only over TLS.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isEmbedPath } from '../src/domain/server-paths';
import type { ServerConfig } from './config';

/** One year; sent only on requests that arrived over TLS (or with `HSTS=on`). */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * The policy. No inline or foreign scripts; `'unsafe-inline'` styles because Mantine, recharts and
 * MapLibre set `style` attributes and Mantine writes its CSS variables into a `<style>` element (the
 * payment page too). Map tiles from the configured origins are fetched by MapLibre's worker.
 */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'mapTileOrigins'>,
  frameAncestors: string[] = ["'none'"],
) {
  const tiles = config.mapTileOrigins;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...tiles],
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors,
  };
}

/** Browsers' PDF viewers run inside the document; a PDF gets only the framing rule. */
const PDF_POLICY = "frame-ancestors 'none'";

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'mapTileOrigins' | 'hsts' | 'embedOrigins'>,
): Promise<void> {
  // Helmet's middleware, built once: the Fastify plugin built it again on every request (a sixtieth
  // of the server's time per search request).
  const common = {
    // Set below, only where the request came over TLS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The payment tab is opened by the app and navigated by it (window.open, then location).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  } as const;
  const setHeaders = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
  });
  // The embeddable chart: framed by the configured origins only (`frame-ancestors`; X-Frame-Options
  // cannot name several origins and would override nothing but block, so it is left out there).
  const setEmbedHeaders = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, config.embedOrigins),
    },
    frameguard: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const set = isEmbedPath(request.url) ? setEmbedHeaders : setHeaders;
    set(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // `request.protocol` believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (config.hsts === 'on' || (config.hsts === 'auto' && request.protocol === 'https')) {
      reply.header('strict-transport-security', HSTS_HEADER);
    }
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')) {
      reply.header('content-security-policy', PDF_POLICY);
    }
    return payload;
  });
}
