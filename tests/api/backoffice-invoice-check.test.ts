/**
 * The check of an invoice: its stock reserved, mail and push to the client through the outbox, and
 * the invoice ready to pay for the client.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invoicePositions,
  invoices,
  outbox,
  partialOffers,
  pushSubscriptions,
  users,
} from '../../server/db/schema';
import { invoiceCheckTexts } from '../../src/domain/backoffice-invoices';
import { formatEuro } from '../../src/domain/money';
import { nextInvoiceNumber } from '../../src/domain/order-costs';
import {
  type InvoiceView,
  invoiceCheckJourney,
  invoiceCheckOperation,
  type Problem,
} from './support/backoffice-invoices-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const CHANGE_INVOICE = invoiceCheckOperation('ChangeInvoice');
const CHECKED_AND_WAITING = invoiceCheckOperation('CheckedAndWaitingInvoices');
const REGISTER_PUSH_SUBSCRIPTION = invoiceCheckOperation('RegisterPushSubscription');
const CLIENTS_INVOICES2 = invoiceCheckOperation('ClientsInvoices2');

describe.each(databaseTargets)('Back office: Rechnung geprüft (%s)', (target) => {
  const journey = invoiceCheckJourney(target);
  const { changePosition, deletePosition, positionsOf, audit } = journey;
  let portal: TestPortal;
  let staff: string;
  let thomas: string;
  let thomasInvoiceId: number;
  beforeAll(() => {
    ({ portal, staff, thomas, thomasInvoiceId } = journey);
  });

  it('checks the invoice: stock reserved, mail and push through the outbox, ready to pay for the client', async () => {
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    const subscribed = await portal.gql<{ registerPushSubscription: { success: boolean } }>(
      REGISTER_PUSH_SUBSCRIPTION,
      {},
      { token: thomas },
    );
    expect(subscribed.data?.registerPushSubscription.success).toBe(true);
    const [subscription] = await portal.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, keller?.id ?? 0));
    const positions = await positionsOf(thomasInvoiceId);
    const stockOf = async (offerId: number) =>
      (await portal.db.select().from(partialOffers).where(eq(partialOffers.offerId, offerId))).reduce(
        (sum, tranche) => sum + tranche.quantityAvailable,
        0,
      );
    const stockBefore = await Promise.all(positions.map((position) => stockOf(position.offerId)));

    // The number form: a malformed number is refused, the next free one and the date are saved.
    const year = new Date().getFullYear();
    const given = await portal.db.select({ number: invoices.invoiceNumber }).from(invoices);
    const nextNumber = nextInvoiceNumber(
      year,
      given.flatMap((row) => (row.number ? [row.number] : [])),
    );
    const malformed = await portal.gql<{ changeInvoice: { success: boolean; errors: Problem[] } }>(
      CHANGE_INVOICE,
      { id: thomasInvoiceId, number: '26-1' },
      { token: staff },
    );
    expect(malformed.data?.changeInvoice.errors).toEqual([
      { code: 'INVALID', message: invoiceCheckTexts.invoiceNumberInvalid, field: 'invoiceNumber' },
    ]);
    const numbered = await portal.gql<{ changeInvoice: { success: boolean; invoice: InvoiceView } }>(
      CHANGE_INVOICE,
      { id: thomasInvoiceId, number: nextNumber, date: `${year}-01-15` },
      { token: staff },
    );
    expect(numbered.data?.changeInvoice.invoice).toMatchObject({
      stage: 'CHECK_NEEDED',
      invoiceNumber: nextNumber,
      invoiceDate: `${year}-01-15`,
    });

    await portal.db.delete(outbox);
    const checked = await portal.gql<{
      changeInvoice: { success: boolean; errors: Problem[]; invoice: InvoiceView };
    }>(CHANGE_INVOICE, { id: thomasInvoiceId, stage: 'CHECK_DONE' }, { token: staff });
    expect(checked.data?.changeInvoice.errors).toEqual([]);
    expect(checked.data?.changeInvoice.invoice.stage).toBe('CHECK_DONE');
    const total = formatEuro(checked.data?.changeInvoice.invoice.sums.overallSum ?? 0);

    const rows = await portal.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['mail', 'push']);
    expect(rows.find((row) => row.kind === 'mail')?.payload).toMatchObject({
      to: 'thomas.keller@example.com',
      subject: 'Ihre Bestellung ist bereit zur Zahlung',
    });
    expect(rows.find((row) => row.kind === 'push')?.payload).toMatchObject({
      subscriptionId: subscription?.id,
      notification: { url: '/admin/orderlist' },
    });
    await portal.deliverOutbox();
    const [mail] = (await portal.mailsTo('thomas.keller@example.com')).filter(
      (candidate) => candidate.subject === 'Ihre Bestellung ist bereit zur Zahlung',
    );
    expect(mail?.text).toContain(`Rechnung ${nextNumber} über ${total}`);

    // Stock is reserved on the tranches.
    const stockAfter = await Promise.all(positions.map((position) => stockOf(position.offerId)));
    expect(stockAfter).toEqual(stockBefore.map((stock, index) => stock - (positions[index]?.amount ?? 0)));

    // The client sees it ready to pay; it has left the list of invoices in check.
    const forClient = await portal.gql<{ done: InvoiceView[]; needed: InvoiceView[] }>(
      CHECKED_AND_WAITING,
      {},
      { token: thomas },
    );
    expect(
      forClient.data?.done.map((invoice) => [invoice.id, invoice.invoiceNumber, invoice.overallSumStr]),
    ).toEqual([[thomasInvoiceId, nextNumber, total]]);
    expect(forClient.data?.needed).toEqual([]);
    const inCheck = await portal.gql<{ clientsInvoices: { id: number }[] }>(
      CLIENTS_INVOICES2,
      {},
      { token: staff },
    );
    expect(inCheck.data?.clientsInvoices.map((invoice) => invoice.id)).not.toContain(thomasInvoiceId);

    const invoiceLog = await audit('invoice', thomasInvoiceId);
    expect(invoiceLog[0]).toEqual({
      action: 'stage:CHECK_DONE',
      before: { stage: 'CHECK_NEEDED' },
      after: { stage: 'CHECK_DONE' },
      actorEmail: 'berater@example.com',
    });
    expect(invoiceLog[1]).toMatchObject({
      action: 'update',
      before: { invoiceNumber: null },
      after: { invoiceNumber: nextNumber, invoiceDate: `${year}-01-15` },
    });

    // Once checked, the positions are fixed.
    const positionIds = positions.map((position) => position.id);
    const frozen = await portal.db
      .select()
      .from(invoicePositions)
      .where(inArray(invoicePositions.id, positionIds));
    for (const answer of [
      await changePosition({ id: positionIds[0], amount: '5' }),
      await deletePosition(positionIds[1] ?? 0),
    ]) {
      expect(answer.errors).toEqual([
        { code: 'INVALID_STAGE', message: invoiceCheckTexts.notInCheck, field: 'invoicePositionId' },
      ]);
    }
    expect(
      await portal.db.select().from(invoicePositions).where(inArray(invoicePositions.id, positionIds)),
    ).toEqual(frozen);
  });
});
