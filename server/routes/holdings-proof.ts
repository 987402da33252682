/**
 * `/bestandsnachweis/<date>.json`: the latest snapshot of that day (Europe/Berlin) as published,
 * the record's fields at top level plus `snapshotHash` and `signature` (docs/holdings-proof.md).
 * Public, like the page that lists them; 404 for a day without a snapshot.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { holdingsSnapshotOfDay } from '../services/holdings-proof';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function holdingsProofRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get<{ Params: { file: string } }>('/bestandsnachweis/:file', async (request, reply) => {
    const date = request.params.file.replace(/\.json$/, '');
    if (!request.params.file.endsWith('.json') || !ISO_DAY.test(date)) {
      return reply.code(404).send({ error: 'Diesen Bestandsnachweis gibt es nicht.' });
    }
    const snapshot = await holdingsSnapshotOfDay(db, date);
    if (!snapshot) return reply.code(404).send({ error: `Für den ${date} gibt es keinen Bestandsnachweis.` });
    // A later snapshot of the same day replaces it as the day's; only a short while cached.
    return reply.header('cache-control', 'public, max-age=60').send(snapshot);
  });
}
