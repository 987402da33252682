import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, offers, outbox, partialOffers, soldOutRequests, vintages } from '../../server/db/schema';
import { offerAvailability } from '../../server/services/tranches';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

const SAVE = `mutation ($offerId: Int, $partialOfferId: Int, $buyPriceBtl: String, $amount: String, $total: String) {
  createOrUpdatePartialOffer(offerId: $offerId, partialOfferId: $partialOfferId, buyPriceBtl: $buyPriceBtl,
    amount: $amount, totalQuantityAvailable: $total) {
    success errors { message code field } partialOffer { id quantityAvailable buyPriceBtl }
  }
}`;

interface SaveAnswer {
  createOrUpdatePartialOffer: {
    success: boolean;
    errors: { message: string; code: string; field: string | null }[];
    partialOffer: { id: number; quantityAvailable: number; buyPriceBtl: string } | null;
  };
}

describe.each(databaseTargets)('Einkaufstranchen (%s)', (target) => {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';
  let soldOut: { offerId: number; vintageId: number; title: string };

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    const signIn = async (email: string) =>
      (
        await portal.gql<{ tokenAuth: { token: string } }>(
          'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }',
          { email },
        )
      ).data?.tokenAuth.token ?? '';
    staffToken = await signIn('berater@example.com');
    clientToken = await signIn('kunde@example.com');
    const candidates = await portal.db
      .select({ offerId: offers.id, vintageId: offers.vintageId, title: vintages.title, year: vintages.year })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(eq(offers.archived, false));
    for (const candidate of candidates) {
      if ((await offerAvailability(portal.db, candidate.offerId)) === 0) {
        soldOut = {
          offerId: candidate.offerId,
          vintageId: candidate.vintageId,
          title: `${candidate.title} ${candidate.year}`,
        };
        break;
      }
    }
    expect(soldOut).toBeDefined();
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses clients and visitors, and changes nothing', async () => {
    const before = await portal.db.select().from(partialOffers);
    const asClient = await portal.gql(
      SAVE,
      { offerId: soldOut.offerId, buyPriceBtl: '100.00', amount: '2', total: '2' },
      {
        token: clientToken,
      },
    );
    expect(asClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asVisitor = await portal.gql(SAVE, {
      offerId: soldOut.offerId,
      buyPriceBtl: '100.00',
      amount: '2',
      total: '2',
    });
    expect(asVisitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await portal.db.select().from(partialOffers)).toHaveLength(before.length);
  });

  it('refuses malformed prices and amounts with the back office messages', async () => {
    const answer = await portal.gql<SaveAnswer>(
      SAVE,
      { offerId: soldOut.offerId, buyPriceBtl: '12,5', amount: '-1', total: '2' },
      { token: staffToken },
    );
    expect(
      answer.data?.createOrUpdatePartialOffer.errors.map((error) => [error.field, error.message]),
    ).toEqual([
      ['buyPriceBtl', 'Price should be numeric'],
      ['amount', 'Amount must be positive whole number'],
    ]);
    expect(await offerAvailability(portal.db, soldOut.offerId)).toBe(0);
  });

  it('informs each client who asked about the sold-out wine exactly once when stock returns', async () => {
    const requested = await portal.gql<{ requestSoldOutNotification: { success: boolean } }>(
      'mutation ($id: Int!) { requestSoldOutNotification(vintageId: $id) { success } }',
      { id: soldOut.vintageId },
      { token: clientToken },
    );
    expect(requested.data?.requestSoldOutNotification.success).toBe(true);
    await portal.deliverOutbox();

    const created = await portal.gql<SaveAnswer>(
      SAVE,
      { offerId: soldOut.offerId, buyPriceBtl: '199.00', amount: '3', total: '3' },
      { token: staffToken },
    );
    expect(created.data?.createOrUpdatePartialOffer).toMatchObject({
      success: true,
      partialOffer: { quantityAvailable: 3, buyPriceBtl: '199.00' },
    });
    expect(await offerAvailability(portal.db, soldOut.offerId)).toBe(3);
    const trancheId = created.data?.createOrUpdatePartialOffer.partialOffer?.id;

    const more = await portal.gql<SaveAnswer>(
      SAVE,
      { partialOfferId: trancheId, amount: '2' },
      { token: staffToken },
    );
    expect(more.data?.createOrUpdatePartialOffer.success).toBe(true);
    await portal.deliverOutbox();

    const mails = (await portal.mailsTo('kunde@example.com')).filter(
      (mail) => mail.subject === `${soldOut.title} ist wieder verfügbar`,
    );
    expect(mails).toHaveLength(1);
    const [request] = await portal.db
      .select()
      .from(soldOutRequests)
      .where(eq(soldOutRequests.vintageId, soldOut.vintageId));
    expect(request?.notifiedAt).toBeInstanceOf(Date);
    const audit = await portal.db.select().from(auditLog).where(eq(auditLog.entity, 'partial_offer'));
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(audit[1]?.before).toMatchObject({ quantityAvailable: 3 });
    expect(audit[1]?.after).toMatchObject({ quantityAvailable: 2 });
  });

  it('deletes a tranche that is on no invoice, and keeps the offer total in step', async () => {
    const [tranche] = await portal.db
      .select()
      .from(partialOffers)
      .where(and(eq(partialOffers.offerId, soldOut.offerId), eq(partialOffers.buyPriceBtl, '199.00')));
    await portal.db.delete(outbox);
    const answer = await portal.gql<{ deletePartialOffer: { success: boolean } }>(
      'mutation ($id: Int!) { deletePartialOffer(partialOfferId: $id) { success } }',
      { id: tranche?.id },
      { token: staffToken },
    );
    expect(answer.data?.deletePartialOffer.success).toBe(true);
    expect(await offerAvailability(portal.db, soldOut.offerId)).toBe(0);
    const [offer] = await portal.db.select().from(offers).where(eq(offers.id, soldOut.offerId));
    const remaining = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, soldOut.offerId));
    expect(offer?.totalQuantityAvailable).toBe(
      remaining.reduce((sum, row) => sum + row.totalQuantityAvailable, 0),
    );
  });
});
