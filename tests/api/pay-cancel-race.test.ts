/**
 * The client pays on the provider's page (`POST /pay/<id>`) while staff cancel the same invoice:
 * one of the two wins, and the page never confirms a payment for an invoice that ends cancelled.
 * A payment the provider still reports for a cancelled invoice tells the client it is refunded and
 * gives staff a refund task (mail, and a flag in the back office until marked done).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotPositions, invoicePositions, invoices } from '../../server/db/schema';
import { LOCAL_SIGNATURE_HEADER, signPayload } from '../../server/services/payments/signature';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { stockedOfferIds } from './support/stocked-offers';

const PASSWORD = 'Weindepot2026!';
const PAID_TEXT = 'Zahlung ist eingegangen';
const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
const CREATE = `mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 1) { success } }`;
const LIST = `query { orderPositionList { id } }`;
const DELETE = `mutation ($id: Int!) { deleteOrderPosition(orderPositionId: $id) { success } }`;
const CREATE_INVOICE = `mutation { createInvoice { success invoice { id } } }`;
const CHANGE_INVOICE = `mutation ($id: Int!, $stage: InvoiceStage) {
  changeInvoice(invoiceId: $id, stage: $stage) { success errors { code } invoice { stage } }
}`;
const FINALIZE = `mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success hostedInvoiceUrl } }`;
const INVOICE = `query ($id: Int!) { getInvoiceById(invoiceId: $id) { stage lateProviderEventOutcome refundDoneAt } }`;
const REFUND_DONE = `mutation ($id: Int!) {
  markRefundDone(invoiceId: $id) { success errors { code message } invoice { refundDoneAt } }
}`;

/** Rounds of the race: 20 on Postgres (real row locks between connections), fewer on PGlite. */
const rounds = { postgres: 20, pglite: 4 } as const;

describe.each(databaseTargets)('Zahlung und Storno gleichzeitig (%s)', (target) => {
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let offerIds: number[];

  const login = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token as string;

  /** A checked, finalized order of one case: its invoice id and the provider's page. */
  async function payableInvoice(offerId: number) {
    const listed = await portal.gql<{ orderPositionList: { id: number }[] }>(LIST, {}, { token: client });
    for (const position of listed.data?.orderPositionList ?? [])
      await portal.gql(DELETE, { id: position.id }, { token: client });
    expect((await portal.gql(CREATE, { offerId }, { token: client })).data).toEqual({
      createOrderPosition: { success: true },
    });
    const created = await portal.gql<{ createInvoice: { invoice: { id: number } } }>(
      CREATE_INVOICE,
      {},
      { token: client },
    );
    const invoiceId = created.data?.createInvoice.invoice.id as number;
    await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CHECK_DONE' }, { token: staff });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    return {
      invoiceId,
      payPath: new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname,
    };
  }

  const depotCasesOf = async (invoiceId: number) => {
    const [row] = await portal.db
      .select({ count: sql<number>`count(*)::int` })
      .from(depotPositions)
      .innerJoin(invoicePositions, eq(invoicePositions.id, depotPositions.invoicePositionId))
      .where(eq(invoicePositions.invoiceId, invoiceId));
    return Number(row?.count ?? 0);
  };

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    client = await login('kunde@example.com');
    staff = await login('berater@example.com');
    offerIds = await stockedOfferIds(portal.db);
    expect(offerIds.length).toBeGreaterThanOrEqual(2);
  }, 240_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('never confirms a payment for an invoice cancelled at the same moment', async () => {
    const outcomes = { paid: 0, cancelled: 0 };
    for (let round = 0; round < rounds[target]; round++) {
      const { invoiceId, payPath } = await payableInvoice(offerIds[round % offerIds.length] as number);
      const [payment, cancellation] = await Promise.all([
        portal.app.inject({
          method: 'POST',
          url: payPath,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'cardNumber=4242424242424242',
        }),
        portal.gql<{ changeInvoice: { success: boolean; errors: { code: string }[] } }>(
          CHANGE_INVOICE,
          { id: invoiceId, stage: 'CANCELLED' },
          { token: staff },
        ),
      ]);
      const [invoice] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (invoice?.stage === 'CANCELLED') {
        outcomes.cancelled += 1;
        expect(payment.body, `Runde ${round}`).not.toContain(PAID_TEXT);
        expect(payment.statusCode).toBe(410);
        expect(payment.body).toContain('storniert');
        expect(cancellation.data?.changeInvoice.success).toBe(true);
        expect(await depotCasesOf(invoiceId)).toBe(0);
        // Nothing was charged, so nothing is to be refunded.
        expect(invoice.lateProviderEventAt).toBeNull();
      } else {
        outcomes.paid += 1;
        expect(invoice?.stage, `Runde ${round}`).toBe('PAID');
        expect(payment.body).toContain(PAID_TEXT);
        expect(cancellation.data?.changeInvoice).toMatchObject({
          success: false,
          errors: [{ code: 'PAID' }],
        });
        expect(await depotCasesOf(invoiceId)).toBe(1);
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(rounds[target]);
  }, 300_000);

  it('a payment reported after the cancellation: the client is told of the refund, staff get a task until done', async () => {
    const { invoiceId, payPath } = await payableInvoice(offerIds[0] as number);
    expect(
      (await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CANCELLED' }, { token: staff })).data,
    ).toMatchObject({ changeInvoice: { success: true } });
    const [row] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const event = JSON.stringify({
      id: `evt_late_${invoiceId}`,
      type: 'invoice.paid',
      data: { object: { id: row?.providerInvoiceId } },
    });
    const late = await portal.app.inject({
      method: 'POST',
      url: '/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(event, portal.config.paymentWebhookSecret),
      },
      payload: event,
    });
    expect(late.json()).toMatchObject({ result: 'after-cancellation' });

    const page = await portal.app.inject({ method: 'GET', url: payPath });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Ihre Bestellung wurde storniert.');
    expect(page.body).toContain('wir erstatten Ihnen den Betrag');
    expect(page.body).not.toContain(PAID_TEXT);

    // Everything queued so far (the race's mails too), in batches.
    while ((await portal.deliverOutbox()) > 0);
    const [toClient] = (await portal.mailsTo('kunde@example.com')).filter(
      (mail) => mail.subject === 'Ihre Zahlung wird erstattet',
    );
    expect(toClient?.text).toContain('Die Bestellung bleibt storniert');
    const tasks = (await portal.mailsTo(portal.config.supportEmail)).filter((mail) =>
      mail.subject.startsWith('Erstattung nötig'),
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.text).toContain('Bitte erstatten Sie den Betrag');

    // Open in the back office until staff mark it done; only staff may, and only once.
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: staff })).data).toEqual({
      getInvoiceById: { stage: 'CANCELLED', lateProviderEventOutcome: 'paid', refundDoneAt: null },
    });
    const byClient = await portal.gql(REFUND_DONE, { id: invoiceId }, { token: client });
    expect(byClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const done = await portal.gql<{
      markRefundDone: { success: boolean; invoice: { refundDoneAt: string } };
    }>(REFUND_DONE, { id: invoiceId }, { token: staff });
    expect(done.data?.markRefundDone.success).toBe(true);
    expect(done.data?.markRefundDone.invoice.refundDoneAt).toEqual(expect.any(String));
    const twice = await portal.gql(REFUND_DONE, { id: invoiceId }, { token: staff });
    expect(twice.data).toMatchObject({
      markRefundDone: { success: false, errors: [{ code: 'NO_REFUND_OPEN' }] },
    });
  });
});
