/**
 * The set-up of the `backoffice-stock-*.test.ts` files: their documents
 * (`tests/api/documents/backoffice-stock.graphql`), a seeded portal per file and database with staff
 * and the demo client signed in, and a snapshot of the depot positions and the audit log.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLog, depotPositions } from '../../../server/db/schema';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';
import { signInToken } from './sign-in';

export const stockOperation = apiOperations('backoffice-stock');

export interface Asset {
  id: number;
  vintageTitle: string;
  vintageYear: number;
  ownerEmail: string;
  amount: number;
  buyPriceBtl: string;
  storageId: string | null;
  mrn: string | null;
  mrnDate: string | null;
  partialOfferId: number | null;
  currentStatus: string | null;
}
export interface ListAnswer {
  getAllAssetsUnderManagement: { totalCount: number; assets: Asset[] };
}
export interface UpdateAnswer {
  updateAssetUnderManagement: {
    success: boolean;
    errors: { message: string; code: string; field: string | null }[];
    asset: Asset | null;
  };
}

/** A seeded portal with staff and the demo client signed in. */
export function stockJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';

  const signIn = (email: string) => signInToken(portal, email);

  /** The depot positions and the audit log, to show that a refused call changed neither. */
  const snapshot = async () => ({
    positions: await portal.db.select().from(depotPositions).orderBy(asc(depotPositions.id)),
    audit: await portal.db.select().from(auditLog).orderBy(asc(auditLog.id)),
  });

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signIn('berater@example.com');
    clientToken = await signIn('kunde@example.com');
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  return {
    get portal() {
      return portal;
    },
    get staffToken() {
      return staffToken;
    },
    get clientToken() {
      return clientToken;
    },
    signIn,
    snapshot,
  };
}
