/**
 * `/api/company`: the provider's details the Impressum and the other legal pages show, from the
 * `COMPANY_*` configuration. Public (an Impressum needs no account) and cacheable for a short
 * while: the service worker keeps the last answer so the legal pages read complete offline.
 */
import type { FastifyInstance } from 'fastify';
import { COMPANY_DETAILS_PATH, type CompanyDetails } from '../../src/domain/legal-pages';

export async function legalRoutes(app: FastifyInstance, { company }: { company: CompanyDetails }) {
  // Exactly the configured details, no more (the type is the same on both sides).
  const details: CompanyDetails = { ...company };
  app.get(COMPANY_DETAILS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(details),
  );
}
