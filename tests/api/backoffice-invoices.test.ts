import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  invoicePositions,
  invoices,
  offers,
  outbox,
  partialOffers,
  pushSubscriptions,
  users,
} from '../../server/db/schema';
import { invoiceCheckTexts } from '../../src/domain/backoffice-invoices';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import { centsToDecimal, formatEuro } from '../../src/domain/money';
import { costSummary, nextInvoiceNumber } from '../../src/domain/order-costs';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { signInToken } from './support/sign-in';

const INVOICE_FIELDS = `id stage invoiceNumber invoiceDate overallSumStr
  positions { id amount buyPriceBtl caskOf conditionReport }
  sums { vintagesSum logisticsSum upfrontStorageSum conditionReportSum managementFeeMonthly overallSum overallSumStr }`;

const CHANGE_POSITION = `mutation ($id: Int!, $amount: String, $price: String) {
  changeInvoicePosition(invoicePositionId: $id, amount: $amount, buyPriceBtl: $price) {
    success errors { message code field } invoicePosition { id amount buyPriceBtl } invoice { ${INVOICE_FIELDS} }
  }
}`;
const DELETE_POSITION = `mutation ($id: Int!) {
  deleteInvoicePosition(invoicePositionId: $id) {
    success errors { message code field } invoicePosition { id } invoice { ${INVOICE_FIELDS} }
  }
}`;
const CHANGE_INVOICE = `mutation ($id: Int!, $stage: InvoiceStage, $date: Date, $number: String) {
  changeInvoice(invoiceId: $id, stage: $stage, date: $date, invoiceNumber: $number) {
    success errors { message code field } invoice { ${INVOICE_FIELDS} }
  }
}`;
const AUDIT = `query ($entity: AuditEntity!, $id: Int!) {
  auditLog(entity: $entity, entityId: $id) { entries { action before after actorEmail } }
}`;

interface Problem {
  message: string;
  code: string;
  field: string | null;
}
interface InvoiceView {
  id: number;
  stage: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  overallSumStr: string;
  positions: { id: number; amount: number; buyPriceBtl: string; caskOf: number; conditionReport: boolean }[];
  sums: { overallSum: number; overallSumStr: string; vintagesSum: number };
}
interface PositionAnswer {
  success: boolean;
  errors: Problem[];
  invoicePosition: { id: number; amount: number; buyPriceBtl: string } | null;
  invoice: InvoiceView | null;
}
interface AuditRow {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorEmail: string | null;
}

describe.each(databaseTargets)('Back office: Rechnungsprüfung (%s)', (target) => {
  let portal: TestPortal;
  let staff = '';
  let kunde = '';
  let thomas = '';
  let thomasInvoiceId = 0;
  let kundeInvoiceId = 0;

  const signIn = (email: string) => signInToken(portal, email);
  const changePosition = async (variables: Record<string, unknown>, token = staff) =>
    (await portal.gql<{ changeInvoicePosition: PositionAnswer }>(CHANGE_POSITION, variables, { token })).data
      ?.changeInvoicePosition as PositionAnswer;
  const deletePosition = async (id: number, token = staff) =>
    (await portal.gql<{ deleteInvoicePosition: PositionAnswer }>(DELETE_POSITION, { id }, { token })).data
      ?.deleteInvoicePosition as PositionAnswer;
  const positionsOf = (invoiceId: number) =>
    portal.db
      .select()
      .from(invoicePositions)
      .where(eq(invoicePositions.invoiceId, invoiceId))
      .orderBy(asc(invoicePositions.id));
  const invoiceRow = async (invoiceId: number) =>
    (await portal.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0];
  const audit = async (entity: string, id: number) =>
    (await portal.gql<{ auditLog: { entries: AuditRow[] } }>(AUDIT, { entity, id }, { token: staff })).data
      ?.auditLog.entries as AuditRow[];
  /** The sums the cost summary gives for the invoice's positions as stored now. */
  const expectedSums = async (invoiceId: number) =>
    costSummary(
      (await positionsOf(invoiceId)).map((position) => ({
        amount: position.amount,
        caskOf: position.caskOf,
        priceBtl: position.buyPriceBtl,
        conditionReport: position.conditionReport,
      })),
      portal.config.fees,
    );

  beforeAll(async () => {
    // Thomas's push endpoint is a made-up host: exempt from the public-https check (which would
    // need DNS); its delivery fails like any unreachable push service's.
    portal = await startTestPortal(target, {
      seed: true,
      env: { PUSH_ENDPOINT_ALLOWLIST: 'push.example:443' },
    });
    staff = await signIn('berater@example.com');
    kunde = await signIn('kunde@example.com');
    thomas = await signIn('thomas.keller@example.com');
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    const [seeded] = await portal.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, keller?.id ?? 0), eq(invoices.stage, 'CHECK_NEEDED')));
    thomasInvoiceId = seeded?.id ?? 0;
    expect(await positionsOf(thomasInvoiceId)).toHaveLength(2);

    // The demo client binds an order of two wines (the seeded order position plus one more).
    const [listed] = (
      await portal.gql<{ orderPositionList: { offer: { id: number } }[] }>(
        '{ orderPositionList { offer { id } } }',
        {},
        { token: kunde },
      )
    ).data?.orderPositionList ?? [{ offer: { id: 0 } }];
    const [other] = await portal.db
      .selectDistinct({ id: offers.id })
      .from(offers)
      .innerJoin(partialOffers, eq(partialOffers.offerId, offers.id))
      .where(and(eq(offers.archived, false), eq(offers.onRequest, false)))
      .orderBy(offers.id);
    const second = other?.id === listed?.offer.id ? undefined : other?.id;
    const added = await portal.gql<{ createOrderPosition: { success: boolean } }>(
      'mutation ($id: Int!) { createOrderPosition(offerId: $id, amount: 1) { success } }',
      { id: second ?? 0 },
      { token: kunde },
    );
    expect(added.data?.createOrderPosition.success).toBe(true);
    const bound = await portal.gql<{ createInvoice: { success: boolean; invoice: { id: number } } }>(
      'mutation { createInvoice { success invoice { id } } }',
      {},
      { token: kunde },
    );
    expect(bound.data?.createInvoice.success).toBe(true);
    kundeInvoiceId = bound.data?.createInvoice.invoice.id ?? 0;
    expect(await positionsOf(kundeInvoiceId)).toHaveLength(2);
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('refuses every operation of the check to visitors and clients, and changes nothing', async () => {
    const [position] = await positionsOf(thomasInvoiceId);
    const before = {
      invoices: await portal.db.select().from(invoices).orderBy(asc(invoices.id)),
      positions: await portal.db.select().from(invoicePositions).orderBy(asc(invoicePositions.id)),
      audit: (await portal.db.select().from(auditLog)).length,
      outbox: (await portal.db.select().from(outbox)).length,
    };
    const operations: [string, Record<string, unknown>][] = [
      [CHANGE_POSITION, { id: position?.id, amount: '3', price: '1.00' }],
      [DELETE_POSITION, { id: position?.id }],
      [CHANGE_INVOICE, { id: thomasInvoiceId, stage: 'CHECK_DONE' }],
      [CHANGE_INVOICE, { id: thomasInvoiceId, number: '2030-0001', date: '2030-01-02' }],
    ];
    for (const [query, variables] of operations) {
      const asVisitor = await portal.gql(query, variables);
      expect(asVisitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(asVisitor.data).toBeNull();
      // The invoice's own client and another client alike.
      for (const token of [thomas, kunde]) {
        const asClient = await portal.gql(query, variables, { token });
        expect(asClient.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(asClient.errors?.[0]?.message).toBe('Für diese Aktion fehlt Ihnen die Berechtigung.');
        expect(asClient.data).toBeNull();
      }
    }
    expect(await portal.db.select().from(invoices).orderBy(asc(invoices.id))).toEqual(before.invoices);
    expect(await portal.db.select().from(invoicePositions).orderBy(asc(invoicePositions.id))).toEqual(
      before.positions,
    );
    expect(await portal.db.select().from(auditLog)).toHaveLength(before.audit);
    expect(await portal.db.select().from(outbox)).toHaveLength(before.outbox);

    // The list of the tab: staff see every invoice in check, a client only their own.
    const list = '{ clientsInvoices(stage: "check_needed") { id user { email } } }';
    type Listed = { clientsInvoices: { id: number; user: { email: string } }[] };
    const forStaff = (await portal.gql<Listed>(list, {}, { token: staff })).data?.clientsInvoices ?? [];
    expect(forStaff.map((invoice) => invoice.id)).toEqual(
      expect.arrayContaining([thomasInvoiceId, kundeInvoiceId]),
    );
    const forClient = (await portal.gql<Listed>(list, {}, { token: kunde })).data?.clientsInvoices ?? [];
    expect(forClient.map((invoice) => invoice.id)).toEqual([kundeInvoiceId]);
  });

  it('answers the back office validation messages with their field and changes nothing', async () => {
    const [position] = await positionsOf(thomasInvoiceId);
    const before = await positionsOf(thomasInvoiceId);
    const cases: [string | null, string | null, [string | null, string][]][] = [
      ['abc', null, [['amount', backofficeMessages.amountNumeric]]],
      ['', '', [[null, invoiceCheckTexts.nothingToChange]]],
      ['-1', null, [['amount', backofficeMessages.amountWhole]]],
      ['1.5', null, [['amount', backofficeMessages.amountWhole]]],
      ['0', null, [['amount', invoiceCheckTexts.amountZero]]],
      ['101', null, [['amount', 'Es können höchstens 100 Kisten je Position bestellt werden.']]],
      [null, '12,50', [['buyPriceBtl', backofficeMessages.priceNumeric]]],
      [null, '12.5', [['buyPriceBtl', backofficeMessages.priceFormat]]],
      [null, '0.00', [['buyPriceBtl', backofficeMessages.priceFormat]]],
      [null, '1000000.00', [['buyPriceBtl', invoiceCheckTexts.priceTooHigh]]],
      [
        'x',
        'y',
        [
          ['amount', backofficeMessages.amountNumeric],
          ['buyPriceBtl', backofficeMessages.priceNumeric],
        ],
      ],
    ];
    for (const [amount, price, expected] of cases) {
      const answer = await changePosition({ id: position?.id, amount, price });
      expect(answer.success, `${amount} / ${price}`).toBe(false);
      expect(answer.errors.map((error) => [error.field, error.message])).toEqual(expected);
    }
    const unknown = await changePosition({ id: 987_654, amount: '1' });
    expect(unknown.errors).toEqual([
      { code: 'NOT_FOUND', message: invoiceCheckTexts.positionUnknown, field: 'invoicePositionId' },
    ]);
    expect((await deletePosition(987_654)).errors[0]?.message).toBe(invoiceCheckTexts.positionUnknown);
    expect(await positionsOf(thomasInvoiceId)).toEqual(before);
  });

  it('changes amount and price of a position, recomputes the sums the client pays and logs before/after', async () => {
    const [position] = await positionsOf(thomasInvoiceId);
    if (!position) throw new Error('Position fehlt');
    const invoiceBefore = await invoiceRow(thomasInvoiceId);
    const answer = await changePosition({ id: position.id, amount: '2', price: '229.00' });
    expect(answer.errors).toEqual([]);
    expect(answer.invoicePosition).toEqual({ id: position.id, amount: 2, buyPriceBtl: '229.00' });

    const sums = await expectedSums(thomasInvoiceId);
    expect(centsToDecimal(sums.overallSum)).not.toBe(invoiceBefore?.overallSum);
    expect(answer.invoice?.sums).toMatchObject({
      vintagesSum: sums.vintagesSum,
      overallSum: sums.overallSum,
      overallSumStr: formatEuro(sums.overallSum),
    });
    expect(answer.invoice?.overallSumStr).toBe(formatEuro(sums.overallSum));
    expect((await invoiceRow(thomasInvoiceId))?.overallSum).toBe(centsToDecimal(sums.overallSum));

    // The client sees the corrected order while it is being checked.
    const seen = await portal.gql<{ orderListInvoices: InvoiceView[] }>(
      `{ orderListInvoices(stage: check_needed) { ${INVOICE_FIELDS} } }`,
      {},
      { token: thomas },
    );
    const mine = seen.data?.orderListInvoices.find((invoice) => invoice.id === thomasInvoiceId);
    expect(mine?.overallSumStr).toBe(formatEuro(sums.overallSum));
    expect(mine?.positions.find((entry) => entry.id === position.id)).toMatchObject({
      amount: 2,
      buyPriceBtl: '229.00',
    });

    // Only the price again: the amount stays, the log holds just what changed.
    const priceOnly = await changePosition({ id: position.id, price: '235.50' });
    expect(priceOnly.invoicePosition).toEqual({ id: position.id, amount: 2, buyPriceBtl: '235.50' });
    expect(await audit('invoice_position', position.id)).toEqual([
      {
        action: 'update',
        before: { buyPriceBtl: '229.00' },
        after: { buyPriceBtl: '235.50' },
        actorEmail: 'berater@example.com',
      },
      {
        action: 'update',
        before: { amount: 1, buyPriceBtl: '239.00' },
        after: { amount: 2, buyPriceBtl: '229.00' },
        actorEmail: 'berater@example.com',
      },
    ]);
    const invoiceLog = await audit('invoice', thomasInvoiceId);
    expect(invoiceLog[1]).toMatchObject({
      action: `position:update:${position.id}`,
      before: {
        position: {
          id: position.id,
          wine: expect.stringMatching(/\d{4}$/),
          amount: 1,
          buyPriceBtl: '239.00',
        },
        overallSum: invoiceBefore?.overallSum,
      },
      after: {
        position: { id: position.id, amount: 2, buyPriceBtl: '229.00' },
        overallSum: centsToDecimal(sums.overallSum),
      },
    });
  });

  it('deletes a position, recomputes the sums, logs the deletion and keeps the last position', async () => {
    const [first, second] = await positionsOf(kundeInvoiceId);
    if (!first || !second) throw new Error('Positionen fehlen');
    const deleted = await deletePosition(first.id);
    expect(deleted.errors).toEqual([]);
    expect(deleted.success).toBe(true);
    expect(deleted.invoice?.positions.map((position) => position.id)).toEqual([second.id]);
    const sums = await expectedSums(kundeInvoiceId);
    expect(deleted.invoice?.sums.overallSum).toBe(sums.overallSum);
    expect((await invoiceRow(kundeInvoiceId))?.overallSum).toBe(centsToDecimal(sums.overallSum));
    expect(await audit('invoice_position', first.id)).toEqual([
      {
        action: 'delete',
        before: {
          invoiceId: kundeInvoiceId,
          offerId: first.offerId,
          vintageId: first.vintageId,
          amount: first.amount,
          caskOf: first.caskOf,
          buyPriceBtl: first.buyPriceBtl,
          conditionReport: first.conditionReport,
        },
        after: null,
        actorEmail: 'berater@example.com',
      },
    ]);
    // The invoice's own history names the deleted position, not just the new sums.
    const [invoiceEntry] = await audit('invoice', kundeInvoiceId);
    expect(invoiceEntry).toMatchObject({
      action: `position:delete:${first.id}`,
      before: {
        position: {
          id: first.id,
          wine: expect.stringMatching(/\d{4}$/),
          amount: first.amount,
          buyPriceBtl: first.buyPriceBtl,
        },
      },
      after: { position: null, overallSum: centsToDecimal(sums.overallSum) },
    });

    const last = await deletePosition(second.id);
    expect(last).toMatchObject({
      success: false,
      errors: [
        { code: 'LAST_POSITION', message: invoiceCheckTexts.lastPosition, field: 'invoicePositionId' },
      ],
    });
    expect(await positionsOf(kundeInvoiceId)).toHaveLength(1);
    expect(await audit('invoice_position', second.id)).toEqual([]);
  });

  it('checks the invoice: stock reserved, mail and push through the outbox, ready to pay for the client', async () => {
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    const subscribed = await portal.gql<{ registerPushSubscription: { success: boolean } }>(
      'mutation { registerPushSubscription(endpoint: "https://push.example/thomas", p256dh: "BPublicKey", auth: "authSecret") { success } }',
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
      `{ done: orderListInvoices(stage: check_done) { ${INVOICE_FIELDS} } needed: orderListInvoices(stage: check_needed) { id } }`,
      {},
      { token: thomas },
    );
    expect(
      forClient.data?.done.map((invoice) => [invoice.id, invoice.invoiceNumber, invoice.overallSumStr]),
    ).toEqual([[thomasInvoiceId, nextNumber, total]]);
    expect(forClient.data?.needed).toEqual([]);
    const inCheck = await portal.gql<{ clientsInvoices: { id: number }[] }>(
      '{ clientsInvoices(stage: "check_needed") { id } }',
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
