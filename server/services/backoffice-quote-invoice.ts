import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_QUOTE_INVOICE_TYPE,
  QUOTE_DEFAULT_COUNTRY,
  type QuoteInvoiceInput,
  quoteInvoiceProblems,
} from '../../src/domain/backoffice-quotes';
import { normalizeEmail } from '../../src/domain/entry-validation';
import type { FeeSchedule } from '../../src/domain/order-costs';
import type { ServerConfig } from '../config';
import { sumAvailableCasesSql } from '../db/available-cases';
import type { Database, Transaction } from '../db/client';
import {
  invoices,
  offers,
  partialOffers,
  preferencesProfiles,
  recommendedPositions,
  users,
  vintages,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { agreedCasesLeft } from './agreed-prices';
import { recordAudit } from './audit';
import { manualQuoteForUpdate, type QuoteResult } from './backoffice-quote-edits';
import { issueSetPasswordToken, type QuoteView, quoteTexts, quoteView } from './backoffice-quotes';
import { type MutationError, ok, refusedAll } from './errors';
import { changeInvoice } from './invoice-check';
import { finalizeInvoice } from './invoice-payment';
import { insertInvoice } from './invoice-records';
import { orderTexts } from './order-texts';
import { hashPassword } from './passwords';
import type { PaymentProvider } from './payments/provider';
import { attachManualQuotes, displayName } from './profiles';
import { newUrlToken } from './tokens';

type UserRow = typeof users.$inferSelect;
type Actor = Pick<UserRow, 'id' | 'isStaff' | 'isSuperuser'>;
type LinkSettings = Pick<ServerConfig, 'publicUrl' | 'jwtSecret'>;
// ─── Accounts and the invoice of a quote ──────────────────────────────────────

export interface QuoteInvoiceResult extends QuoteResult {
  hostedInvoiceUrl: string | null;
}

export interface QuoteInvoiceDeps {
  settings: LinkSettings & Pick<ServerConfig, 'publicUrl'>;
  fees: FeeSchedule;
  provider: PaymentProvider;
}

const emptyToNull = (value: string | null | undefined) => value?.trim() || null;

/** The billing data the invoice form sets on the client's account. */
const billingOf = (user: UserRow) => ({
  salutation: user.salutation,
  title: user.title,
  firstName: user.firstName,
  lastName: user.lastName,
  streetAndNumber: user.streetAndNumber,
  postalCode: user.postalCode,
  city: user.city,
  country: user.country,
  company: user.company,
  taxId: user.taxId,
});

type QuoteRow = typeof preferencesProfiles.$inferSelect;
type Refusal = { ok: false; result: QuoteInvoiceResult };
type Prepared = { ok: true; invoiceId: number; previouslyBlocked: boolean } | Refusal;
type QuotePosition = {
  position: typeof recommendedPositions.$inferSelect;
  offer: typeof offers.$inferSelect;
  title: string;
};

const fail = (
  errors: MutationError[],
  manualQuote: QuoteView | null = null,
  hostedInvoiceUrl: string | null = null,
): QuoteInvoiceResult => refusedAll(errors, { manualQuote, hostedInvoiceUrl });
const refusal = (...args: Parameters<typeof fail>): Refusal => ({ ok: false, result: fail(...args) });
const notFound = () => refusal([{ code: 'NOT_FOUND', message: quoteTexts.notFound, field: 'quoteUuid' }]);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Creates (or completes) the invoice of a quote: the customer's account is created when missing
 * (inactive, with a set-password link) or its billing data updated from the form; the invoice
 * gets the quote's positions and prices, is checked at once (CHECK_DONE: the adviser agreed the
 * quote with the client, so stock is reserved and the invoice numbered) and finalized with the
 * payment provider. A refused check removes the invoice again; a failed finalization leaves the
 * checked invoice linked, and calling again finalizes it.
 */
export async function createUserAndInvoiceForQuote(
  db: Database,
  deps: QuoteInvoiceDeps,
  actor: Actor,
  input: QuoteInvoiceInput & { quoteUuid: string },
): Promise<QuoteInvoiceResult> {
  const found = await findQuoteForInvoice(db, input);
  if (!found.ok) return found.result;
  const { quote } = found;
  // Hashed before the transaction: argon2 takes its time and must not hold the row locks.
  const unusablePassword = await hashPassword(newUrlToken());
  const prepared = await db.transaction((tx) =>
    prepareQuoteInvoice(tx, deps, actor, input, quote.id, unusablePassword),
  );
  if (!prepared.ok) return prepared.result;
  const refused = await checkQuoteInvoice(db, deps, actor, quote.id, prepared);
  if (refused) return refused;
  const finalized = await finalizeInvoice(db, deps.provider, actor, prepared.invoiceId);
  const view = await quoteView(db, deps.settings, quote.id);
  if (!finalized.success) return fail(finalized.errors, view);
  return ok({ manualQuote: view, hostedInvoiceUrl: finalized.hostedInvoiceUrl });
}

/** Step 1: the form's fields are valid and name an open manual quote of the same e-mail address. */
async function findQuoteForInvoice(
  db: Database,
  input: QuoteInvoiceInput & { quoteUuid: string },
): Promise<{ ok: true; quote: QuoteRow } | Refusal> {
  const problems = quoteInvoiceProblems(input);
  if (Object.keys(problems).length > 0) {
    return refusal(
      Object.entries(problems).map(([field, message]) => ({
        code: 'INVALID',
        message: message as string,
        field,
      })),
    );
  }
  const uid = input.quoteUuid.trim();
  const [quote] = uuidPattern.test(uid)
    ? await db
        .select()
        .from(preferencesProfiles)
        .where(
          and(
            eq(preferencesProfiles.uid, uid),
            eq(preferencesProfiles.source, 'MANUALLY'),
            eq(preferencesProfiles.archived, false),
          ),
        )
    : [];
  if (!quote) return notFound();
  if (quote.email !== normalizeEmail(input.email))
    return refusal([{ code: 'INVALID', message: quoteTexts.emailMismatch, field: 'email' }]);
  return { ok: true, quote };
}

/**
 * Step 2, in one transaction with the quote locked: an invoice linked before is taken up again
 * (or refused when already finalized); otherwise the positions are checked against stock and
 * agreed prices, the client's account is created or updated and the invoice inserted.
 */
async function prepareQuoteInvoice(
  tx: Transaction,
  deps: QuoteInvoiceDeps,
  actor: Actor,
  input: QuoteInvoiceInput,
  quoteId: number,
  unusablePassword: string,
): Promise<Prepared> {
  const locked = await manualQuoteForUpdate(tx, quoteId);
  if (!locked) return notFound();
  if (locked.invoiceId) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, locked.invoiceId));
    if (invoice?.hostedInvoiceUrl) {
      return refusal(
        [{ code: 'ALREADY_INVOICED', message: quoteTexts.alreadyInvoiced, field: 'quoteUuid' }],
        await quoteView(tx, deps.settings, locked.id),
        invoice.hostedInvoiceUrl,
      );
    }
    if (invoice) return { ok: true, invoiceId: invoice.id, previouslyBlocked: true };
  }
  const positions = await quotePositionsInStock(tx, locked.id);
  if (!positions.ok) return positions;
  const billing = billingFromForm(input);
  const { client, existing } = await upsertQuoteClient(
    tx,
    normalizeEmail(input.email),
    billing,
    unusablePassword,
  );
  if (!client.isActive) await issueSetPasswordToken(tx, deps.settings.jwtSecret, client.id, locked.id);

  // Until it is paid, the invoice blocks the order list like a binding order does.
  const invoice = await insertInvoice(tx, {
    userId: client.id,
    fees: deps.fees,
    productCategory: input.productCategory?.trim() || DEFAULT_QUOTE_INVOICE_TYPE,
    lines: positions.rows.map(({ position, offer }) => ({
      offer,
      amount: position.amount,
      caskOf: position.caskOf,
      priceBtl: position.sellPriceBtl,
      conditionReport: false,
      recommendedPositionId: position.id,
    })),
  });
  await tx
    .update(preferencesProfiles)
    .set({ invoiceId: invoice.id, userId: client.id, name: displayName(client) })
    .where(eq(preferencesProfiles.id, locked.id));
  await recordAudit(tx, {
    actorId: actor.id,
    entity: 'manual_quote',
    entityId: locked.id,
    action: 'create_invoice',
    before: existing ? { userId: existing.id, ...billingOf(existing) } : { userId: null },
    after: {
      userId: client.id,
      userCreated: !existing,
      invoiceId: invoice.id,
      productCategory: invoice.productCategory,
      overallSum: invoice.overallSum,
      ...billing,
    },
  });
  return { ok: true, invoiceId: invoice.id, previouslyBlocked: existing?.blockedByOrderCheck ?? false };
}

/** The quote's positions, each with enough cases in stock and its agreed price not used up. */
async function quotePositionsInStock(
  tx: Transaction,
  quoteId: number,
): Promise<{ ok: true; rows: QuotePosition[] } | Refusal> {
  const rows = await tx
    .select({ position: recommendedPositions, offer: offers, title: vintageLabelSql })
    .from(recommendedPositions)
    .innerJoin(offers, eq(offers.id, recommendedPositions.offerId))
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .where(eq(recommendedPositions.profileId, quoteId))
    .orderBy(asc(recommendedPositions.id));
  if (rows.length === 0) return refusal([{ code: 'EMPTY', message: quoteTexts.empty, field: null }]);
  for (const { position, offer, title } of rows) {
    const [stock] = await tx
      .select({ cases: sumAvailableCasesSql })
      .from(partialOffers)
      .where(eq(partialOffers.offerId, offer.id));
    const available = Number(stock?.cases ?? 0);
    // The agreed price applies once: the client may already have ordered these cases.
    const left = await agreedCasesLeft(tx, position.id, { includeOrderLists: false });
    if (left !== null && left < position.amount) {
      return refusal([{ code: 'AGREED_OFFER_USED', message: quoteTexts.alreadyOrdered, field: 'quoteUuid' }]);
    }
    if (available < position.amount) {
      return refusal([
        { code: 'NOT_ENOUGH_STOCK', message: orderTexts.notEnoughStock(title, available), field: null },
      ]);
    }
  }
  return { ok: true, rows };
}

/** The billing data of the invoice form, trimmed ("-" as title means none). */
function billingFromForm(input: QuoteInvoiceInput) {
  return {
    salutation: input.salutation.trim(),
    title: input.title?.trim() && input.title.trim() !== '-' ? input.title.trim() : null,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    streetAndNumber: input.streetAndNumber.trim(),
    postalCode: input.postalCode.trim(),
    city: input.city.trim(),
    country: input.country?.trim() || QUOTE_DEFAULT_COUNTRY,
    company: emptyToNull(input.company),
    taxId: emptyToNull(input.taxId),
  };
}

/** The client's account with the form's billing data: updated when it exists, else created inactive. */
async function upsertQuoteClient(
  tx: Transaction,
  email: string,
  billing: ReturnType<typeof billingFromForm>,
  unusablePassword: string,
): Promise<{ client: UserRow; existing: UserRow | undefined }> {
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  if (existing) {
    const [updated] = await tx.update(users).set(billing).where(eq(users.id, existing.id)).returning();
    if (!updated) throw new Error('Kunde verschwunden');
    return { client: updated, existing };
  }
  const [created] = await tx
    .insert(users)
    .values({ email, passwordHash: unusablePassword, isActive: false, ...billing })
    .returning();
  if (!created) throw new Error('Kunde wurde nicht angelegt');
  await attachManualQuotes(tx, created);
  return { client: created, existing: undefined };
}

/**
 * Step 3: a new invoice is checked at once (stock reserved, numbered). A refused check removes the
 * invoice again, unlinks it from the quote and lifts the order-list block it set; the refusal is
 * answered with the quote as it is now.
 */
async function checkQuoteInvoice(
  db: Database,
  deps: QuoteInvoiceDeps,
  actor: Actor,
  quoteId: number,
  prepared: { invoiceId: number; previouslyBlocked: boolean },
): Promise<QuoteInvoiceResult | null> {
  const [current] = await db.select().from(invoices).where(eq(invoices.id, prepared.invoiceId));
  if (current?.stage !== 'CHECK_NEEDED') return null;
  const checked = await changeInvoice(db, deps.settings, actor, {
    invoiceId: prepared.invoiceId,
    stage: 'CHECK_DONE',
  });
  if (checked.success) return null;
  await db.transaction(async (tx) => {
    await tx
      .delete(invoices)
      .where(and(eq(invoices.id, prepared.invoiceId), eq(invoices.stage, 'CHECK_NEEDED')));
    await tx.update(preferencesProfiles).set({ invoiceId: null }).where(eq(preferencesProfiles.id, quoteId));
    if (!prepared.previouslyBlocked) {
      await tx.update(users).set({ blockedByOrderCheck: false }).where(eq(users.id, current.userId));
    }
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quoteId,
      action: 'invoice_refused',
      before: { invoiceId: prepared.invoiceId },
      after: { invoiceId: null, reason: checked.errors.map((error) => error.message).join(' ') },
    });
  });
  return fail(checked.errors, await quoteView(db, deps.settings, quoteId));
}
