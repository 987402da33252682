/**
 * Staff cancel an order: an unpaid one (stock back, client free, audit, mail, order list, a dead
 * pay page and a late payment refunded) and a request in check with the German default reason;
 * never a paid invoice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoicePositions, invoices, paymentEvents, users } from '../../server/db/schema';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  cancellationTexts,
  DEFAULT_CANCELLATION_REASON,
} from '../../src/domain/backoffice-invoices';
import { databaseTargets, type TestPortal } from './support/harness';
import { orderSafeguardJourney, safeguardOperation } from './support/order-safeguards-journey';

const CREATE = safeguardOperation('Create');
const CHANGE_INVOICE = safeguardOperation('ChangeInvoice');
const FINALIZE = safeguardOperation('Finalize');
const INVOICE = safeguardOperation('Invoice');

describe.each(databaseTargets)('Storno einer Bestellung (%s)', (target) => {
  const journey = orderSafeguardJourney(target);
  const { emptyList, checkedOrder, login, list, stockOf, localEvent, depotCasesOf } = journey;
  let portal: TestPortal;
  let client: string;
  let staff: string;
  let offerIds: number[];
  beforeAll(() => {
    ({ portal, client, staff, offerIds } = journey);
  });

  it('lets staff cancel an unpaid order: stock back, client free, audit, mail, order list, dead pay page, late webhook flagged', async () => {
    const offerId = offerIds[0] as number;
    const stockBefore = await stockOf(offerId);
    const invoiceId = await checkedOrder(offerId, 2);
    expect(await stockOf(offerId)).toBe(stockBefore - 2);
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    const payPath = new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname;
    expect((await list()).me.blockedByOrderCheck).toBe(true);

    // Only staff cancel; a too long reason is refused and changes nothing.
    const byClient = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED' },
      { token: client },
    );
    expect(byClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const tooLong = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED', reason: 'x'.repeat(CANCELLATION_REASON_MAX_LENGTH + 1) },
      { token: staff },
    );
    expect(tooLong.data).toMatchObject({
      changeInvoice: {
        success: false,
        errors: [{ code: 'INVALID', field: 'reason', message: cancellationTexts.reasonTooLong }],
      },
    });
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: staff })).data).toMatchObject({
      getInvoiceById: { stage: 'WAITING_FOR_PAYMENT' },
    });

    const reason = 'Der Wein ist leider ausverkauft.';
    const cancelled = await portal.gql(
      CHANGE_INVOICE,
      { id: invoiceId, stage: 'CANCELLED', reason },
      { token: staff },
    );
    expect(cancelled.data).toMatchObject({
      changeInvoice: {
        success: true,
        errors: [],
        invoice: { stage: 'CANCELLED', cancellationReason: reason },
      },
    });
    expect(await stockOf(offerId)).toBe(stockBefore);
    const [reserved] = await portal.db
      .select({ reserved: invoicePositions.reservedTranches })
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoiceId));
    expect(reserved?.reserved).toBeNull();

    // The client is free again and sees the cancelled request with its reason.
    const after = await list();
    expect(after.me.blockedByOrderCheck).toBe(false);
    expect(after.cancelled).toEqual([
      expect.objectContaining({ id: invoiceId, cancellationReason: reason, lateProviderEventOutcome: null }),
    ]);
    expect((await portal.gql(CREATE, { offerId, amount: 1 }, { token: client })).data).toMatchObject({
      createOrderPosition: { success: true },
    });

    const audit = await portal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoiceId)));
    expect(audit.find((entry) => entry.action === 'stage:CANCELLED')).toMatchObject({
      before: { stage: 'WAITING_FOR_PAYMENT' },
      after: { stage: 'CANCELLED', cancellationReason: reason, releasedCases: 2 },
    });
    await portal.deliverOutbox();
    const mail = (await portal.mailsTo('kunde@example.com')).find(
      (written) => written.subject === 'Ihre Bestellung wurde storniert',
    );
    expect(mail?.text).toContain(`Grund: ${reason}`);

    // The provider's page refuses payment now, and charges nothing.
    const page = await portal.app.inject({ method: 'GET', url: payPath });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Diese Rechnung wurde storniert und kann nicht mehr bezahlt werden.');
    const payment = await portal.app.inject({
      method: 'POST',
      url: payPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242',
    });
    expect(payment.statusCode).toBe(410);
    expect((await portal.gql(FINALIZE, { id: invoiceId }, { token: client })).data).toMatchObject({
      finalizeInvoice: { success: false, errors: [{ code: 'NOT_PAYABLE' }] },
    });

    // A payment the provider still reports is recorded and flagged for staff, not applied.
    const [row] = await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const late = await localEvent(row?.providerInvoiceId as string, 'evt_after_cancel');
    expect(late.json()).toMatchObject({ result: 'after-cancellation' });
    expect(await depotCasesOf(invoiceId)).toBe(0);
    expect(await stockOf(offerId)).toBe(stockBefore);
    const seenByStaff = await portal.gql<{ getInvoiceById: { lateProviderEventAt: string } }>(
      INVOICE,
      { id: invoiceId },
      { token: staff },
    );
    expect(seenByStaff.data?.getInvoiceById).toMatchObject({
      stage: 'CANCELLED',
      lateProviderEventOutcome: 'paid',
    });
    expect(seenByStaff.data?.getInvoiceById.lateProviderEventAt).toEqual(expect.any(String));
    expect((await portal.gql(INVOICE, { id: invoiceId }, { token: client })).data).toMatchObject({
      getInvoiceById: { stage: 'CANCELLED', lateProviderEventAt: null, lateProviderEventOutcome: null },
    });
    const [event] = await portal.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_after_cancel'));
    expect(event).toMatchObject({ invoiceId, outcome: 'paid', result: 'after-cancellation' });
    expect((await list()).me.blockedByOrderCheck).toBe(false);

    const again = await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CANCELLED' }, { token: staff });
    expect(again.data).toMatchObject({
      changeInvoice: { success: false, errors: [{ code: 'ALREADY_CANCELLED' }] },
    });
    await emptyList();
  });

  it('cancels a request in check with the German default reason, and never a paid invoice', async () => {
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(keller?.blockedByOrderCheck).toBe(true);
    const [inCheck] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, keller?.id as number), eq(invoices.stage, 'CHECK_NEEDED')));
    const cancelled = await portal.gql(
      CHANGE_INVOICE,
      { id: inCheck?.id, stage: 'CANCELLED' },
      { token: staff },
    );
    expect(cancelled.data).toMatchObject({
      changeInvoice: {
        success: true,
        invoice: { stage: 'CANCELLED', cancellationReason: DEFAULT_CANCELLATION_REASON },
      },
    });
    const kellerToken = await login('thomas.keller@example.com');
    const kellerList = await list(kellerToken);
    expect(kellerList.me.blockedByOrderCheck).toBe(false);
    expect(kellerList.cancelled.map((invoice) => invoice.cancellationReason)).toEqual([
      DEFAULT_CANCELLATION_REASON,
    ]);

    const [paid] = await portal.db
      .select()
      .from(invoices)
      .where(inArray(invoices.stage, ['PAID', 'PURCHASED']));
    const refused = await portal.gql(
      CHANGE_INVOICE,
      { id: paid?.id, stage: 'CANCELLED', reason: 'Versehen' },
      { token: staff },
    );
    expect(refused.data).toMatchObject({
      changeInvoice: { success: false, errors: [{ code: 'PAID', message: cancellationTexts.paid }] },
    });
    const [still] = await portal.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, paid?.id as number));
    expect(still?.stage).toBe(paid?.stage);
    expect(still?.cancellationReason).toBeNull();
  });
});
