import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bottleSizes, offerers, vintages } from '../../server/db/schema';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { signInToken } from './support/sign-in';

const AUDIT = `query ($entity: AuditEntity, $entityId: Int, $search: String, $sortBy: AuditSortField,
  $descending: Boolean, $offset: Int, $limit: Int) {
  auditLog(entity: $entity, entityId: $entityId, search: $search, sortBy: $sortBy, descending: $descending,
    offset: $offset, limit: $limit) {
    totalCount
    entries { id entity entityId action before after at actorEmail }
  }
}`;
const CREATE_OFFER = `mutation ($vintageId: Int, $bottleSizeId: Int, $offererId: Int) {
  createOfferAndPartialOffer(vintageId: $vintageId, bottleSizeId: $bottleSizeId, offererId: $offererId,
    buyPriceBtl: "80.00", sellPriceBtl: "120.00", caskOf: "6", quantityAvailable: "5") {
    success offer { id } partialOffer { id }
  }
}`;
const CHANGE_EKP = `mutation ($partialOfferId: Int!, $buyPriceBtl: String!) {
  changeOfferAndPartialOffer(partialOfferId: $partialOfferId, buyPriceBtl: $buyPriceBtl) { success }
}`;
const SAVE_TRANCHE = `mutation ($offerId: Int, $offererId: Int) {
  createOrUpdatePartialOffer(offerId: $offerId, offererId: $offererId, buyPriceBtl: "70.00", amount: "2",
    totalQuantityAvailable: "2") { success partialOffer { id } }
}`;
const DELETE_TRANCHE = `mutation ($id: Int!) { deletePartialOffer(partialOfferId: $id) { success } }`;
const CREATE_QUOTE = `mutation ($email: String!) { createManualQuote(email: $email) { success manualQuote { id } } }`;
const DELETE_QUOTE = `mutation ($id: Int!) { deleteManualQuote(id: $id) { success } }`;

interface Entry {
  id: number;
  entity: string;
  entityId: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
  actorEmail: string | null;
}
interface Page {
  totalCount: number;
  entries: Entry[];
}

describe.each(databaseTargets)('Back office: Verlauf (%s)', (target) => {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';
  /** A new offer: its first tranche (EKP changed) and a second tranche created and deleted again. */
  let offer: { id: number; tranche: number; deletedTranche: number };
  /** Another new offer whose tranche must not appear in the first offer's history. */
  let otherTranche = 0;
  let deletedQuote = 0;

  const asStaff = async <Data>(query: string, variables: Record<string, unknown> = {}) => {
    const answer = await portal.gql<Data>(query, variables, { token: staffToken });
    expect(answer.errors, query).toBeUndefined();
    return answer.data as Data;
  };
  const page = async (variables: Record<string, unknown>) =>
    (await asStaff<{ auditLog: Page }>(AUDIT, variables)).auditLog;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signInToken(portal, 'berater@example.com');
    clientToken = await signInToken(portal, 'kunde@example.com');

    const [vintage] = await portal.db
      .select({ id: vintages.id })
      .from(vintages)
      .orderBy(asc(vintages.id))
      .limit(2);
    const [size] = await portal.db.select({ id: bottleSizes.id }).from(bottleSizes).limit(1);
    const [offerer] = await portal.db.select({ id: offerers.id }).from(offerers).limit(1);
    const ids = { vintageId: vintage?.id, bottleSizeId: size?.id, offererId: offerer?.id };
    type Created = { createOfferAndPartialOffer: { offer: { id: number }; partialOffer: { id: number } } };
    const created = (await asStaff<Created>(CREATE_OFFER, ids)).createOfferAndPartialOffer;
    await asStaff(CHANGE_EKP, { partialOfferId: created.partialOffer.id, buyPriceBtl: '85.50' });
    type Saved = { createOrUpdatePartialOffer: { success: boolean; partialOffer: { id: number } } };
    const second = (await asStaff<Saved>(SAVE_TRANCHE, { offerId: created.offer.id, offererId: offerer?.id }))
      .createOrUpdatePartialOffer;
    expect(second.success).toBe(true);
    const deleted = await asStaff<{ deletePartialOffer: { success: boolean } }>(DELETE_TRANCHE, {
      id: second.partialOffer.id,
    });
    expect(deleted.deletePartialOffer.success).toBe(true);
    offer = {
      id: created.offer.id,
      tranche: created.partialOffer.id,
      deletedTranche: second.partialOffer.id,
    };
    otherTranche = (await asStaff<Created>(CREATE_OFFER, ids)).createOfferAndPartialOffer.partialOffer.id;

    type Quote = { createManualQuote: { manualQuote: { id: number } } };
    deletedQuote = (await asStaff<Quote>(CREATE_QUOTE, { email: 'geloescht@example.com' })).createManualQuote
      .manualQuote.id;
    await asStaff(DELETE_QUOTE, { id: deletedQuote });
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('is refused to visitors and clients', async () => {
    for (const variables of [{}, { entity: 'offer', entityId: offer.id }]) {
      const asVisitor = await portal.gql(AUDIT, variables);
      expect(asVisitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(asVisitor.data).toBeNull();
      const asClient = await portal.gql(AUDIT, variables, { token: clientToken });
      expect(asClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(asClient.data).toBeNull();
    }
  });

  it("shows an offer's history with the entries of its tranches, also of a deleted one", async () => {
    const history = await page({ entity: 'offer', entityId: offer.id });
    const entries = history.entries.map((entry) => [entry.entity, entry.entityId, entry.action]);
    expect(entries).toEqual([
      ['partial_offer', offer.deletedTranche, 'delete'],
      ['partial_offer', offer.deletedTranche, 'create'],
      ['partial_offer', offer.tranche, 'update'],
      ['partial_offer', offer.tranche, 'create'],
      ['offer', offer.id, 'create'],
    ]);
    expect(history.totalCount).toBe(5);
    expect(history.entries.every((entry) => entry.actorEmail === 'berater@example.com')).toBe(true);
    // The EKP edit of the offer table is stored under the tranche and shown here.
    expect(history.entries[2]).toMatchObject({
      before: { buyPriceBtl: '80.00' },
      after: { buyPriceBtl: '85.50' },
    });
    expect(history.entries.some((entry) => entry.entityId === otherTranche)).toBe(false);

    // A tranche's own history stays its own.
    const tranche = await page({ entity: 'partial_offer', entityId: offer.tranche });
    expect(tranche.entries.map((entry) => entry.action)).toEqual(['update', 'create']);
  });

  it('pages and sorts on the server', async () => {
    const newestFirst = (await page({ entity: 'offer', entityId: offer.id })).entries.map(
      (entry) => entry.id,
    );
    const first = await page({ entity: 'offer', entityId: offer.id, offset: 0, limit: 2 });
    const second = await page({ entity: 'offer', entityId: offer.id, offset: 2, limit: 2 });
    const third = await page({ entity: 'offer', entityId: offer.id, offset: 4, limit: 2 });
    expect(first.totalCount).toBe(5);
    expect([...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id)).toEqual(
      newestFirst,
    );
    expect(third.entries).toHaveLength(1);

    const oldestFirst = await page({ entity: 'offer', entityId: offer.id, sortBy: 'AT', descending: false });
    expect(oldestFirst.entries.map((entry) => entry.id)).toEqual([...newestFirst].reverse());
    // By kind (German label): "Einkaufstranche" before "Sortiment-Angebot".
    const byKind = await page({ entity: 'offer', entityId: offer.id, sortBy: 'ENTITY', descending: false });
    expect(byKind.entries.map((entry) => entry.entity)).toEqual([
      'partial_offer',
      'partial_offer',
      'partial_offer',
      'partial_offer',
      'offer',
    ]);
    // The page size is bounded (1–200).
    expect((await page({ limit: 0 })).entries).toHaveLength(1);
    const all = await portal.db.select({ id: auditLog.id }).from(auditLog);
    expect((await page({ limit: 10_000 })).entries).toHaveLength(Math.min(all.length, 200));
  });

  it('keeps a deleted quote findable in the general history by kind and German action', async () => {
    const quotes = await page({ entity: 'manual_quote', search: 'gelöscht' });
    expect(quotes.entries).toEqual([
      expect.objectContaining({
        entity: 'manual_quote',
        entityId: deletedQuote,
        action: 'delete',
        before: expect.objectContaining({ email: 'geloescht@example.com' }),
      }),
    ]);
    expect(quotes.totalCount).toBe(1);
    // Without a kind, every word must match: the kind's label, the action's label, the e-mail.
    const everywhere = await page({ search: 'Kundenangebot GELÖSCHT geloescht@example' });
    expect(everywhere.entries.map((entry) => [entry.entity, entry.entityId, entry.action])).toEqual([
      ['manual_quote', deletedQuote, 'delete'],
    ]);
    // The record id finds its entries; a word nothing contains finds nothing.
    const byId = await page({ entity: 'manual_quote', search: String(deletedQuote) });
    expect(byId.entries.map((entry) => entry.action)).toEqual(['delete', 'create']);
    expect(await page({ search: 'nichts-dergleichen-xyz' })).toEqual({ totalCount: 0, entries: [] });
  });

  it('refuses an id without the kind of record it belongs to', async () => {
    const answer = await portal.gql(AUDIT, { entityId: offer.id }, { token: staffToken });
    expect(answer.errors?.[0]).toMatchObject({
      message: 'Bitte geben Sie an, zu welcher Art von Eintrag die ID gehört (entity).',
      extensions: { code: 'INVALID' },
    });
  });
});
