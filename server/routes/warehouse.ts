/**
 * `POST /api/warehouse/stock-report`: the warehouse's system delivers its stock report, the CSV as
 * the body and the detached Ed25519 signature over those bytes in `X-Warehouse-Signature`. The
 * signature is the only credential: an unsigned or wrongly signed report is refused (400) and
 * changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_STOCK_REPORT_API_BYTES } from '../../src/domain/input-limits';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { importStockReport } from '../services/warehouse-reports';

export const WAREHOUSE_SIGNATURE_HEADER = 'x-warehouse-signature';

export async function warehouseRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig; nudgeOutbox: () => void },
): Promise<void> {
  // The bytes exactly as sent: the signature covers them, not a decoded or re-encoded text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // A whole warehouse's lots: more than the 1 MiB every other request may carry.
  app.post(
    '/api/warehouse/stock-report',
    { bodyLimit: MAX_STOCK_REPORT_API_BYTES },
    async (request, reply) => {
      const header = request.headers[WAREHOUSE_SIGNATURE_HEADER];
      const result = await importStockReport(deps.db, deps.config, {
        csv: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: typeof header === 'string' ? header : undefined,
        source: 'API',
        importedById: null,
      });
      if (!result.success) return reply.code(400).send({ success: false, errors: result.errors });
      deps.nudgeOutbox();
      const { report } = result;
      return reply.code(201).send({
        success: true,
        report: {
          id: report.id,
          asOf: report.asOf,
          casesTotal: report.casesTotal,
          matchedCases: report.matchedCases,
          discrepancyCount: report.discrepancyCount,
          criticalCount: report.criticalCount,
          signatureValid: report.signatureValid,
        },
      });
    },
  );
}
