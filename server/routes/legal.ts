/**
 * `/api/company`: the provider's details the Impressum and the other legal pages show, from the
 * `COMPANY_*` configuration. Public (an Impressum needs no account) and cacheable for a short
 * while: the service worker keeps the last answer so the legal pages read complete offline.
 */
import type { FastifyInstance } from 'fastify';
import { COMPANY_DETAILS_PATH, type LegalCompanyDetails } from '../../src/domain/legal-pages';
import type { CompanyDetails } from '../company';

export async function legalRoutes(app: FastifyInstance, { company }: { company: CompanyDetails }) {
  const details: LegalCompanyDetails = {
    name: company.name,
    address: company.address,
    register: company.register,
    managingDirectors: company.managingDirectors,
    taxNumber: company.taxNumber,
    vatId: company.vatId,
    email: company.email,
    phone: company.phone,
  };
  app.get(COMPANY_DETAILS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(details),
  );
}
