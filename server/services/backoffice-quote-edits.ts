import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  bucketProblem,
  parseBucket,
  quoteAmountProblem,
  quotePositionProblems,
  quoteTotals,
  serializeBucket,
} from '../../src/domain/backoffice-quotes';
import { normalizeEmail, VALIDATION_MESSAGES, validateEmail } from '../../src/domain/entry-validation';
import { centsToDecimal } from '../../src/domain/money';
import type { ServerConfig } from '../config';
import type { Database, Executor, Transaction } from '../db/client';
import { offers, partialOffers, preferencesProfiles, recommendedPositions, users } from '../db/schema';
import { recordAudit } from './audit';
import {
  depotAssignedSql,
  type QuoteView,
  quoteTexts,
  quoteView,
  trancheTotalSql,
} from './backoffice-quotes';
import { invalidFields, type MutationError, ok, refused, refusedAll } from './errors';
import { displayName } from './profiles';

type UserRow = typeof users.$inferSelect;
type Actor = Pick<UserRow, 'id' | 'isStaff' | 'isSuperuser'>;
type LinkSettings = Pick<ServerConfig, 'publicUrl' | 'jwtSecret'>;
// ─── Changing ─────────────────────────────────────────────────────────────────

export interface QuoteResult {
  success: boolean;
  errors: MutationError[];
  manualQuote: QuoteView | null;
}

/** The quote row, locked for the transaction (active quotes only unless asked otherwise). */
export async function manualQuoteForUpdate(tx: Transaction, id: number, activeOnly = true) {
  const [row] = await tx
    .select()
    .from(preferencesProfiles)
    .where(
      and(
        eq(preferencesProfiles.id, id),
        eq(preferencesProfiles.source, 'MANUALLY'),
        ...(activeOnly ? [eq(preferencesProfiles.archived, false)] : []),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Keeps investmentSumPicked equal to the positions' sales. */
async function refreshSum(tx: Transaction, quoteId: number) {
  const positions = await tx
    .select()
    .from(recommendedPositions)
    .where(eq(recommendedPositions.profileId, quoteId));
  await tx
    .update(preferencesProfiles)
    .set({ investmentSumPicked: centsToDecimal(quoteTotals(positions).sales) })
    .where(eq(preferencesProfiles.id, quoteId));
}

const positionSnapshot = (position: typeof recommendedPositions.$inferSelect) => ({
  positionId: position.id,
  offerId: position.offerId,
  amount: position.amount,
  sellPriceBtl: position.sellPriceBtl,
  ekpBtl: position.ekpBtl,
});

/** Runs a change in a transaction and answers the quote as it is afterwards. */
async function change(
  db: Database,
  settings: LinkSettings,
  apply: (tx: Transaction) => Promise<QuoteResult | number>,
): Promise<QuoteResult> {
  return db.transaction(async (tx) => {
    const outcome = await apply(tx);
    if (typeof outcome !== 'number') return outcome;
    return ok({ manualQuote: await quoteView(tx, settings, outcome) });
  });
}

async function userByEmail(tx: Executor, email: string) {
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  return user;
}

/** A new manual quote by `actor` for `email`, linked to its account when one exists. */
async function insertManualQuote(
  tx: Transaction,
  actor: Actor,
  email: string,
  answers: Partial<typeof preferencesProfiles.$inferInsert>,
) {
  const user = await userByEmail(tx, email);
  const [quote] = await tx
    .insert(preferencesProfiles)
    .values({
      ...answers,
      email,
      userId: user?.id ?? null,
      name: displayName(user),
      source: 'MANUALLY',
      createdById: actor.id,
    })
    .returning();
  if (!quote) throw new Error('Angebot wurde nicht angelegt');
  return quote;
}

export function createManualQuote(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  rawEmail: string,
): Promise<QuoteResult> {
  const email = normalizeEmail(rawEmail);
  if (validateEmail(email))
    return Promise.resolve(refused('INVALID', VALIDATION_MESSAGES.email, 'email', { manualQuote: null }));
  return change(db, settings, async (tx) => {
    const quote = await insertManualQuote(tx, actor, email, { investmentSumPicked: '0.00' });
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quote.id,
      action: 'create',
      after: { email, uid: quote.uid, userId: quote.userId },
    });
    return quote.id;
  });
}

export function deleteManualQuote(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  id: number,
): Promise<QuoteResult> {
  return db.transaction(async (tx) => {
    const quote = await manualQuoteForUpdate(tx, id, false);
    if (!quote) return refused('NOT_FOUND', quoteTexts.notFound, 'id', { manualQuote: null });
    const view = await quoteView(tx, settings, quote.id);
    const positions = await tx
      .select()
      .from(recommendedPositions)
      .where(eq(recommendedPositions.profileId, quote.id));
    await tx.delete(preferencesProfiles).where(eq(preferencesProfiles.id, quote.id));
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quote.id,
      action: 'delete',
      before: {
        email: quote.email,
        uid: quote.uid,
        archived: quote.archived,
        invoiceId: quote.invoiceId,
        positions: positions.map(positionSnapshot),
      },
    });
    return ok({ manualQuote: view });
  });
}

export function archiveManualQuote(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  id: number,
): Promise<QuoteResult> {
  return change(db, settings, async (tx) => {
    const quote = await manualQuoteForUpdate(tx, id);
    if (!quote) return refused('NOT_FOUND', quoteTexts.notFound, 'id', { manualQuote: null });
    await tx.update(preferencesProfiles).set({ archived: true }).where(eq(preferencesProfiles.id, quote.id));
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quote.id,
      action: 'archive',
      before: { archived: false },
      after: { archived: true },
    });
    return quote.id;
  });
}

export function duplicateManualQuote(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  input: { id: number; email: string },
): Promise<QuoteResult> {
  const email = normalizeEmail(input.email);
  if (validateEmail(email))
    return Promise.resolve(refused('INVALID', VALIDATION_MESSAGES.email, 'email', { manualQuote: null }));
  return change(db, settings, async (tx) => {
    const source = await manualQuoteForUpdate(tx, input.id, false);
    if (!source) return refused('NOT_FOUND', quoteTexts.notFound, 'id', { manualQuote: null });
    const copy = await insertManualQuote(tx, actor, email, {
      wineloverVsInvestor: source.wineloverVsInvestor,
      investmentHorizon: source.investmentHorizon,
      takesRisk: source.takesRisk,
      investmentSumIntended: source.investmentSumIntended,
      investmentSumPicked: source.investmentSumPicked ?? '0.00',
      bucket: source.bucket,
    });
    const positions = await tx
      .select()
      .from(recommendedPositions)
      .where(eq(recommendedPositions.profileId, source.id))
      .orderBy(asc(recommendedPositions.id));
    if (positions.length > 0) {
      await tx.insert(recommendedPositions).values(
        positions.map(({ offerId, amount, caskOf, sellPriceBtl, ekpBtl }) => ({
          profileId: copy.id,
          offerId,
          amount,
          caskOf,
          sellPriceBtl,
          ekpBtl,
        })),
      );
    }
    await refreshSum(tx, copy.id);
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: copy.id,
      action: 'duplicate',
      after: { email, uid: copy.uid, copiedFrom: source.id, positions: positions.length },
    });
    return copy.id;
  });
}

export function addOfferToManualQuote(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  input: { quoteId: number; offerId: number; amount: number },
): Promise<QuoteResult> {
  const amountMessage = quoteAmountProblem(input.amount);
  if (amountMessage)
    return Promise.resolve(
      refusedAll(invalidFields([{ field: 'amount', message: amountMessage }]), { manualQuote: null }),
    );
  return change(db, settings, async (tx) => {
    const quote = await manualQuoteForUpdate(tx, input.quoteId);
    if (!quote) return refused('NOT_FOUND', quoteTexts.notFound, 'quoteId', { manualQuote: null });
    if (quote.invoiceId) return refused('INVOICED', quoteTexts.invoiced, 'quoteId', { manualQuote: null });
    const [found] = await tx
      .select({ offer: offers, listed: sql<boolean>`${trancheTotalSql} > ${depotAssignedSql}` })
      .from(offers)
      .where(and(eq(offers.id, input.offerId), eq(offers.archived, false)));
    if (!found) return refused('NOT_FOUND', quoteTexts.offerNotFound, 'offerId', { manualQuote: null });
    // The rule of the quote modal's list (manualQuoteOffers): only offers with unassigned cases.
    if (!found.listed)
      return refused('NOT_AVAILABLE', quoteTexts.notListed, 'offerId', { manualQuote: null });
    const { offer } = found;
    const [newestTranche] = await tx
      .select({ buyPriceBtl: partialOffers.buyPriceBtl })
      .from(partialOffers)
      .where(eq(partialOffers.offerId, offer.id))
      .orderBy(desc(partialOffers.datetimeCreated), desc(partialOffers.id))
      .limit(1);
    const [existing] = await tx
      .select()
      .from(recommendedPositions)
      .where(and(eq(recommendedPositions.profileId, quote.id), eq(recommendedPositions.offerId, offer.id)));
    const tooMany = existing ? quoteAmountProblem(existing.amount + input.amount) : null;
    if (tooMany) return refused('INVALID', tooMany, 'amount', { manualQuote: null });
    let saved: typeof recommendedPositions.$inferSelect | undefined;
    if (existing) {
      [saved] = await tx
        .update(recommendedPositions)
        .set({ amount: existing.amount + input.amount })
        .where(eq(recommendedPositions.id, existing.id))
        .returning();
    } else {
      [saved] = await tx
        .insert(recommendedPositions)
        .values({
          profileId: quote.id,
          offerId: offer.id,
          amount: input.amount,
          caskOf: offer.caskOf,
          sellPriceBtl: offer.sellPriceBtl,
          ekpBtl: newestTranche?.buyPriceBtl ?? null,
        })
        .returning();
    }
    if (!saved) throw new Error('Position wurde nicht gespeichert');
    await refreshSum(tx, quote.id);
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quote.id,
      action: 'add_offer',
      before: existing ? positionSnapshot(existing) : null,
      after: positionSnapshot(saved),
    });
    return quote.id;
  });
}

export function editBucketOnManualQuote(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  input: { quoteId: number; bucket?: string | null },
): Promise<QuoteResult> {
  const problem = bucketProblem(input.bucket);
  if (problem)
    return Promise.resolve(
      refusedAll(invalidFields([{ field: 'bucket', message: problem }]), { manualQuote: null }),
    );
  const bucket = serializeBucket(parseBucket(input.bucket));
  return change(db, settings, async (tx) => {
    const quote = await manualQuoteForUpdate(tx, input.quoteId);
    if (!quote) return refused('NOT_FOUND', quoteTexts.notFound, 'quoteId', { manualQuote: null });
    await tx.update(preferencesProfiles).set({ bucket }).where(eq(preferencesProfiles.id, quote.id));
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quote.id,
      action: 'bucket',
      before: { bucket: quote.bucket },
      after: { bucket },
    });
    return quote.id;
  });
}

export interface PositionEdit {
  positionId: number;
  newPriceBtl?: string | null;
  newEkpBtl?: string | null;
  amount?: string | null;
  delete?: boolean | null;
}

export function updateManualQuotePosition(
  db: Database,
  settings: LinkSettings,
  actor: Actor,
  input: PositionEdit,
): Promise<QuoteResult> {
  const problems = input.delete ? [] : quotePositionProblems(input);
  if (problems.length > 0) return Promise.resolve(refusedAll(invalidFields(problems), { manualQuote: null }));
  return change(db, settings, async (tx) => {
    const [position] = await tx
      .select()
      .from(recommendedPositions)
      .where(eq(recommendedPositions.id, input.positionId))
      .for('update');
    const quote = position ? await manualQuoteForUpdate(tx, position.profileId) : null;
    if (!position || !quote)
      return refused('NOT_FOUND', quoteTexts.positionNotFound, 'positionId', { manualQuote: null });
    if (quote.invoiceId) return refused('INVOICED', quoteTexts.invoiced, 'positionId', { manualQuote: null });
    if (input.delete) {
      await tx.delete(recommendedPositions).where(eq(recommendedPositions.id, position.id));
    } else {
      await tx
        .update(recommendedPositions)
        .set({
          ...(input.newPriceBtl ? { sellPriceBtl: input.newPriceBtl.trim() } : {}),
          ...(input.newEkpBtl ? { ekpBtl: input.newEkpBtl.trim() } : {}),
          ...(input.amount ? { amount: Number(input.amount.trim()) } : {}),
        })
        .where(eq(recommendedPositions.id, position.id));
    }
    const [after] = await tx
      .select()
      .from(recommendedPositions)
      .where(eq(recommendedPositions.id, position.id));
    await refreshSum(tx, quote.id);
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'manual_quote',
      entityId: quote.id,
      action: input.delete ? 'position_delete' : 'position_update',
      before: positionSnapshot(position),
      after: after ? positionSnapshot(after) : null,
    });
    return quote.id;
  });
}
