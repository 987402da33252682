/**
 * The set-up of the `backoffice-invoice-*.test.ts` files: their documents
 * (`tests/api/documents/backoffice-invoices.graphql`), a seeded portal per file and database with staff,
 * the demo client and Thomas Keller signed in, Thomas's seeded invoice waiting for the check and a
 * bound order of the demo client, and helpers that change, delete and read positions, sums and audit.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { invoicePositions, invoices, offers, partialOffers, users } from '../../../server/db/schema';
import { costSummary } from '../../../src/domain/order-costs';
import { apiOperations } from './documents';
import type { DatabaseTarget } from './harness';
import { startTestPortal, type TestPortal } from './harness';
import { signInToken } from './sign-in';

export const invoiceCheckOperation = apiOperations('backoffice-invoices');
const CHANGE_POSITION = invoiceCheckOperation('ChangePosition');
const DELETE_POSITION = invoiceCheckOperation('DeletePosition');
const AUDIT = invoiceCheckOperation('Audit');
const ORDER_POSITION_LIST = invoiceCheckOperation('OrderPositionList');
const CREATE_ORDER_POSITION = invoiceCheckOperation('CreateOrderPosition');
const CREATE_INVOICE = invoiceCheckOperation('CreateInvoice');

export interface Problem {
  message: string;
  code: string;
  field: string | null;
}

export interface InvoiceView {
  id: number;
  stage: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  overallSumStr: string;
  positions: { id: number; amount: number; buyPriceBtl: string; caskOf: number; conditionReport: boolean }[];
  sums: { overallSum: number; overallSumStr: string; vintagesSum: number };
}

export interface PositionAnswer {
  success: boolean;
  errors: Problem[];
  invoicePosition: { id: number; amount: number; buyPriceBtl: string } | null;
  invoice: InvoiceView | null;
}

export interface AuditRow {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorEmail: string | null;
}

/** A seeded portal with two invoices waiting for the check (Thomas Keller's seeded one and the demo client's). */
export function invoiceCheckJourney(target: DatabaseTarget) {
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
        ORDER_POSITION_LIST,
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
      CREATE_ORDER_POSITION,
      { id: second ?? 0 },
      { token: kunde },
    );
    expect(added.data?.createOrderPosition.success).toBe(true);
    const bound = await portal.gql<{ createInvoice: { success: boolean; invoice: { id: number } } }>(
      CREATE_INVOICE,
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

  return {
    get portal() {
      return portal;
    },
    get staff() {
      return staff;
    },
    get kunde() {
      return kunde;
    },
    get thomas() {
      return thomas;
    },
    get thomasInvoiceId() {
      return thomasInvoiceId;
    },
    get kundeInvoiceId() {
      return kundeInvoiceId;
    },
    signIn,
    changePosition,
    deletePosition,
    positionsOf,
    invoiceRow,
    audit,
    expectedSums,
  };
}
