/**
 * The back office's Sortiment tab, shared by the `backoffice-sortiment-*.test.ts` files: a seeded
 * portal per file and database, staff and the demo client signed in, an offer of her depot with two
 * tranches (`linked`) and ids of another wine, a bottle size and an offerer for new offers.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  auditLog,
  bottleSizes,
  depotPositions,
  offerers,
  offers,
  partialOffers,
  users,
  vintages,
} from '../../../server/db/schema';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';
import { signInToken } from './sign-in';

/** The journey's documents (`tests/api/documents/backoffice-sortiment.graphql`) by operation name. */
export const sortimentOperation = apiOperations('backoffice-sortiment');

export interface MutationAnswer<Payload> {
  success: boolean;
  errors: { message: string; code: string; field: string | null }[];
  payload?: Payload;
}
export type ChangeAnswer = {
  changeOfferAndPartialOffer: MutationAnswer<never> & {
    offer: {
      id: number;
      sellPriceBtl: string;
      promoteOffer: boolean;
      archived: boolean;
      totalQuantityAvailable: number;
    } | null;
    partialOffer: {
      id: number;
      buyPriceBtl: string;
      quantityAvailable: number;
      totalQuantityAvailable: number;
    } | null;
  };
};
export type CreateAnswer = {
  createOfferAndPartialOffer: MutationAnswer<never> & {
    offer: {
      id: number;
      caskOf: number;
      sellPriceBtl: string;
      totalQuantityAvailable: number;
      availableCases: number;
      archived: boolean;
      vintage: { id: number };
      bottleSize: { id: number };
    } | null;
    partialOffer: {
      id: number;
      offerId: number;
      buyPriceBtl: string;
      quantityAvailable: number;
      totalQuantityAvailable: number;
      offerer: { id: number };
    } | null;
  };
};
export type LinkAnswer = {
  updatePartialOfferForDepotPosition: MutationAnswer<never> & {
    depotPosition: { id: number; partialOfferId: number | null; ownerEmail: string } | null;
  };
};
export type SaveAnswer = {
  createOrUpdatePartialOffer: MutationAnswer<never> & {
    partialOffer: {
      id: number;
      quantityAvailable: number;
      totalQuantityAvailable: number;
      storageIds: string | null;
      livexTrade: string | null;
      mrn: string | null;
      paid: boolean;
    } | null;
  };
};
export interface DepotPositionRow {
  id: number;
  amount: number;
  partialOfferId: number | null;
  offerId: number | null;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
  ownerIsStaff: boolean;
}

export const errorsOf = (answer: MutationAnswer<never> | undefined) =>
  answer?.errors.map((error) => [error.field, error.message]);

/** Starts the portal before the file's tests (and closes it after); call inside `describe.each`. */
export function sortimentJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';
  /** An offer of the demo client's depot with two tranches; her position is on the first. */
  let linked: { offerId: number; vintageId: number; positionId: number; tranches: number[] };
  let ids: { vintageId: number; bottleSizeId: number; offererId: number };

  const asStaff = <Data>(query: string, variables: Record<string, unknown> = {}) =>
    portal.gql<Data>(query, variables, { token: staffToken });
  const snapshot = async () => ({
    offers: await portal.db.select().from(offers).orderBy(asc(offers.id)),
    tranches: await portal.db.select().from(partialOffers).orderBy(asc(partialOffers.id)),
    positions: await portal.db.select().from(depotPositions).orderBy(asc(depotPositions.id)),
    audit: await portal.db.select().from(auditLog),
  });
  const auditRows = (entity: string, entityId: number) =>
    portal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signInToken(portal, 'berater@example.com');
    clientToken = await signInToken(portal, 'kunde@example.com');

    const [client] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    const positions = await portal.db
      .select()
      .from(depotPositions)
      .where(eq(depotPositions.ownerId, client?.id ?? 0))
      .orderBy(asc(depotPositions.id));
    for (const position of positions) {
      if (!position.offerId || !position.partialOfferId) continue;
      const tranches = await portal.db
        .select({ id: partialOffers.id })
        .from(partialOffers)
        .where(eq(partialOffers.offerId, position.offerId))
        .orderBy(asc(partialOffers.id));
      if (tranches.length >= 2 && tranches[0]?.id === position.partialOfferId) {
        linked = {
          offerId: position.offerId,
          vintageId: position.vintageId,
          positionId: position.id,
          tranches: tranches.map((tranche) => tranche.id),
        };
        break;
      }
    }
    expect(linked).toBeDefined();
    const [vintage] = await portal.db
      .select()
      .from(vintages)
      .where(ne(vintages.id, linked.vintageId))
      .limit(1);
    const [size] = await portal.db.select().from(bottleSizes).where(eq(bottleSizes.title, '1,5l'));
    const [offerer] = await portal.db.select().from(offerers).limit(1);
    ids = { vintageId: vintage?.id ?? 0, bottleSizeId: size?.id ?? 0, offererId: offerer?.id ?? 0 };
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
    get linked() {
      return linked;
    },
    get ids() {
      return ids;
    },
    asStaff,
    snapshot,
    auditRows,
  };
}
