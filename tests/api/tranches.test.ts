import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  depotPositions,
  invoicePositions,
  invoices,
  offers,
  outbox,
  partialOffers,
  soldOutRequests,
  users,
  vintages,
} from '../../server/db/schema';
import { offerAvailability, vintageOnSale } from '../../server/services/tranches';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { signInToken } from './support/sign-in';

const SAVE = `mutation ($offerId: Int, $partialOfferId: Int, $buyPriceBtl: String, $amount: String, $total: String) {
  createOrUpdatePartialOffer(offerId: $offerId, partialOfferId: $partialOfferId, buyPriceBtl: $buyPriceBtl,
    amount: $amount, totalQuantityAvailable: $total) {
    success errors { message code field } partialOffer { id quantityAvailable buyPriceBtl }
  }
}`;

const DELETE_TRANCHE = `mutation ($id: Int!) {
  deletePartialOffer(partialOfferId: $id) { success errors { message code field } }
}`;
const DELETE_TRANCHE_BY_FORM = `mutation ($id: Int!) {
  createOrUpdatePartialOffer(partialOfferId: $id, delete: true) { success errors { message code field } }
}`;
const CHANGE_OFFER = `mutation ($offerId: Int!, $archived: Boolean) {
  changeOfferAndPartialOffer(offerId: $offerId, archived: $archived) { success errors { message code } }
}`;
const REQUEST_SOLD_OUT = `mutation ($id: Int!) { requestSoldOutNotification(vintageId: $id) { success } }`;

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
  const signIn = (email: string) => signInToken(portal, email);

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signIn('berater@example.com');
    clientToken = await signIn('kunde@example.com');
    const candidates = await portal.db
      .select({ offerId: offers.id, vintageId: offers.vintageId, title: vintages.title, year: vintages.year })
      .from(offers)
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(and(eq(offers.archived, false), eq(offers.onRequest, false)));
    for (const candidate of candidates) {
      // A wine clients cannot buy at all: no offer of its vintage is on sale.
      if (!(await portal.db.transaction((tx) => vintageOnSale(tx, candidate.vintageId)))) {
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
      ['buyPriceBtl', 'Der Preis muss eine Zahl mit Dezimalpunkt sein, z. B. 249.00.'],
      ['amount', 'Die Anzahl muss eine ganze Zahl ab 0 sein.'],
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

  it('announces a wine only when clients can buy it again: not for an archived offer, not when it was on sale', async () => {
    const waitingEmail = 'wartet.archiv@example.com';
    await portal.createUser(waitingEmail);
    const waitingToken = await signIn(waitingEmail);
    const requested = await portal.gql<{ requestSoldOutNotification: { success: boolean } }>(
      REQUEST_SOLD_OUT,
      { id: soldOut.vintageId },
      { token: waitingToken },
    );
    expect(requested.data?.requestSoldOutNotification.success).toBe(true);
    const subject = `${soldOut.title} ist wieder verfügbar`;
    const announced = async (email: string) =>
      (await portal.mailsTo(email)).filter((mail) => mail.subject === subject).length;

    // Stock on an archived offer: still nothing a client can buy.
    await portal.db.update(offers).set({ archived: true }).where(eq(offers.id, soldOut.offerId));
    const archivedStock = await portal.gql<SaveAnswer>(
      SAVE,
      { offerId: soldOut.offerId, buyPriceBtl: '150.00', amount: '3', total: '3' },
      { token: staffToken },
    );
    expect(archivedStock.data?.createOrUpdatePartialOffer.success).toBe(true);
    await portal.deliverOutbox();
    expect(await announced(waitingEmail)).toBe(0);

    // Taking the offer out of the archive puts its cases on sale: now the client hears of it.
    const restored = await portal.gql(
      CHANGE_OFFER,
      { offerId: soldOut.offerId, archived: false },
      { token: staffToken },
    );
    expect(restored.data).toMatchObject({ changeOfferAndPartialOffer: { success: true } });
    await portal.deliverOutbox();
    expect(await announced(waitingEmail)).toBe(1);

    // A second offer of the wine coming on sale while the first one is: the wine was never gone.
    const laterEmail = 'wartet.spaeter@example.com';
    const laterId = await portal.createUser(laterEmail);
    await portal.db.insert(soldOutRequests).values({ userId: laterId, vintageId: soldOut.vintageId });
    const [first] = await portal.db.select().from(offers).where(eq(offers.id, soldOut.offerId));
    const [second] = await portal.db
      .insert(offers)
      .values({
        vintageId: soldOut.vintageId,
        bottleSizeId: first?.bottleSizeId as number,
        caskOf: first?.caskOf as number,
        sellPriceBtl: first?.sellPriceBtl as string,
      })
      .returning({ id: offers.id });
    const secondStock = await portal.gql<SaveAnswer>(
      SAVE,
      { offerId: second?.id, buyPriceBtl: '151.00', amount: '2', total: '2' },
      { token: staffToken },
    );
    expect(secondStock.data?.createOrUpdatePartialOffer.success).toBe(true);
    await portal.deliverOutbox();
    expect(await announced(laterEmail)).toBe(0);
    const open = await portal.db
      .select()
      .from(soldOutRequests)
      .where(and(eq(soldOutRequests.userId, laterId), isNull(soldOutRequests.notifiedAt)));
    expect(open).toHaveLength(1);
    await portal.db
      .update(offers)
      .set({ archived: true })
      .where(eq(offers.id, second?.id as number));
  });

  it('keeps a tranche whose cases are reserved for an unpaid invoice, and payment still books them', async () => {
    // The client orders two cases of the wine; staff's check reserves them on its tranche.
    const ORDER_LIST = 'query { orderPositionList { id } }';
    const list = await portal.gql<{ orderPositionList: { id: number }[] }>(
      ORDER_LIST,
      {},
      { token: clientToken },
    );
    for (const position of list.data?.orderPositionList ?? []) {
      await portal.gql(
        'mutation ($id: Int!) { deleteOrderPosition(orderPositionId: $id) { success } }',
        { id: position.id },
        { token: clientToken },
      );
    }
    const added = await portal.gql(
      'mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 2) { success errors { message } } }',
      { offerId: soldOut.offerId },
      { token: clientToken },
    );
    expect(added.data).toMatchObject({ createOrderPosition: { success: true } });
    const bound = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      'mutation { createInvoice { success invoice { id } } }',
      {},
      { token: clientToken },
    );
    const invoiceId = bound.data?.createInvoice.invoice.id as number;
    const checked = await portal.gql<{ changeInvoice: { invoice: { invoiceNumber: string } } }>(
      'mutation ($id: Int!) { changeInvoice(invoiceId: $id, stage: CHECK_DONE) { success invoice { invoiceNumber } } }',
      { id: invoiceId },
      { token: staffToken },
    );
    expect(checked.data).toMatchObject({ changeInvoice: { success: true } });
    const invoiceNumber = checked.data?.changeInvoice.invoice.invoiceNumber as string;
    const [position] = await portal.db
      .select()
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoiceId));
    expect(position?.reservedTranches).toHaveLength(1);
    const trancheId = position?.reservedTranches?.[0]?.partialOfferId as number;
    const snapshot = async () => ({
      tranches: await portal.db
        .select()
        .from(partialOffers)
        .where(eq(partialOffers.offerId, soldOut.offerId)),
      offer: (await portal.db.select().from(offers).where(eq(offers.id, soldOut.offerId)))[0],
    });
    const before = await snapshot();
    const reservedMessage = `Auf der Einkaufstranche sind 2 Kisten für noch nicht bezahlte Rechnungen reserviert (${invoiceNumber}); sie kann erst nach deren Zahlung gelöscht werden.`;

    // Deleting it, by either mutation, is refused and changes nothing.
    const deleted = await portal.gql(DELETE_TRANCHE, { id: trancheId }, { token: staffToken });
    expect(deleted.data).toEqual({
      deletePartialOffer: {
        success: false,
        errors: [{ message: reservedMessage, code: 'RESERVED', field: null }],
      },
    });
    const deletedByForm = await portal.gql(DELETE_TRANCHE_BY_FORM, { id: trancheId }, { token: staffToken });
    expect(deletedByForm.data).toEqual({
      createOrUpdatePartialOffer: {
        success: false,
        errors: [{ message: reservedMessage, code: 'RESERVED', field: null }],
      },
    });
    // Nor may its total fall below the cases for sale plus the reserved ones (1 + 2).
    const shrunk = await portal.gql<SaveAnswer>(
      SAVE,
      { partialOfferId: trancheId, total: '2' },
      { token: staffToken },
    );
    expect(shrunk.data?.createOrUpdatePartialOffer).toMatchObject({
      success: false,
      errors: [
        {
          code: 'RESERVED',
          field: 'totalQuantityAvailable',
          message:
            'Auf der Einkaufstranche sind 2 Kisten für noch nicht bezahlte Rechnungen reserviert; die Gesamtmenge muss die verfügbaren und die reservierten Kisten umfassen.',
        },
      ],
    });
    expect(await snapshot()).toEqual(before);

    // The client pays: the depot positions point at the kept tranche.
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success hostedInvoiceUrl } }',
      { id: invoiceId },
      { token: clientToken },
    );
    const hostedUrl = finalized.data?.finalizeInvoice.hostedInvoiceUrl as string;
    const paid = await portal.app.inject({
      method: 'POST',
      url: new URL(hostedUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode).toBe(200);
    const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice?.stage).toBe('PAID');
    const [kunde] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    const booked = await portal.db
      .select({ amount: depotPositions.amount, partialOfferId: depotPositions.partialOfferId })
      .from(depotPositions)
      .where(
        and(
          eq(depotPositions.ownerId, kunde?.id as number),
          eq(depotPositions.invoicePositionId, position?.id as number),
        ),
      );
    expect(booked).toEqual([{ amount: 2, partialOfferId: trancheId }]);
    const [tranche] = await portal.db.select().from(partialOffers).where(eq(partialOffers.id, trancheId));
    expect(tranche?.quantityOnInvoice).toBe(2);
  });
});
