/**
 * Staff correct a bound order's positions before the check: every operation refused to visitors and
 * clients, validation messages with their field, a changed amount or price with the client's sums
 * recomputed and logged before/after, and a deleted position (the last one stays).
 */
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoicePositions, invoices, outbox } from '../../server/db/schema';
import { invoiceCheckTexts } from '../../src/domain/backoffice-invoices';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import { centsToDecimal, formatEuro } from '../../src/domain/money';
import {
  type InvoiceView,
  invoiceCheckJourney,
  invoiceCheckOperation,
} from './support/backoffice-invoices-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const CHANGE_POSITION = invoiceCheckOperation('ChangePosition');
const INVOICES_IN_CHECK = invoiceCheckOperation('InvoicesInCheck');
const DELETE_POSITION = invoiceCheckOperation('DeletePosition');
const CHANGE_INVOICE = invoiceCheckOperation('ChangeInvoice');
const CLIENTS_INVOICES = invoiceCheckOperation('ClientsInvoices');

describe.each(databaseTargets)('Back office: Positionen einer Rechnung prüfen (%s)', (target) => {
  const journey = invoiceCheckJourney(target);
  const { changePosition, deletePosition, positionsOf, invoiceRow, audit, expectedSums } = journey;
  let portal: TestPortal;
  let staff: string;
  let kunde: string;
  let thomas: string;
  let thomasInvoiceId: number;
  let kundeInvoiceId: number;
  beforeAll(() => {
    ({ portal, staff, kunde, thomas, thomasInvoiceId, kundeInvoiceId } = journey);
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
    const list = CLIENTS_INVOICES;
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
      INVOICES_IN_CHECK,
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
});
