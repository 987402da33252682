/**
 * Manual quotes of the back office (staff): an adviser's quote is a preferences profile with
 * source MANUALLY and its recommended positions, so it is the client's adviser offer at the same
 * time. A quote for an e-mail without account attaches to the account once it is created.
 * Every change writes an audit row (entity manual_quote) in its transaction.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, like, lte, sql } from 'drizzle-orm';
import {
  bucketProblem,
  DEFAULT_QUOTE_INVOICE_TYPE,
  parseBucket,
  QUOTE_DEFAULT_COUNTRY,
  QUOTE_OFFERS_PER_REGION,
  QUOTE_REGIONS,
  type QuoteInvoiceInput,
  quoteAmountProblem,
  quoteInvoiceProblems,
  quotePositionProblems,
  quoteTotals,
  serializeBucket,
} from '../../src/domain/backoffice-quotes';
import { normalizeEmail, VALIDATION_MESSAGES, validateEmail } from '../../src/domain/entry-validation';
import { centsToDecimal, formatEuro } from '../../src/domain/money';
import type { FeeSchedule } from '../../src/domain/order-costs';
import type { ServerConfig } from '../config';
import { offerAvailableCasesSql, sumAvailableCasesSql } from '../db/available-cases';
import type { Database, Transaction } from '../db/client';
import {
  accountTokens,
  bottleSizes,
  depotPositions,
  invoices,
  offers,
  partialOffers,
  preferencesProfiles,
  recommendedPositions,
  regions,
  users,
  vintages,
  wineries,
  wines,
} from '../db/schema';
import { agreedCasesLeft } from './agreed-prices';
import { recordAudit } from './audit';
import { invalidFields, type MutationError, ok, refused, refusedAll } from './errors';
import { insertInvoice } from './invoice-records';
import { changeInvoice, finalizeInvoice, vintageLabelSql } from './invoices';
import { orderTexts } from './order-texts';
import { hashPassword } from './passwords';
import type { PaymentProvider } from './payments/provider';
import { hashToken, newUrlToken } from './tokens';

type Executor = Database | Transaction;
type ProfileRow = typeof preferencesProfiles.$inferSelect;
type UserRow = typeof users.$inferSelect;
type Actor = Pick<UserRow, 'id' | 'isStaff' | 'isSuperuser'>;
type LinkSettings = Pick<ServerConfig, 'publicUrl' | 'jwtSecret'>;

export const quoteTexts = {
  notFound: 'Das Angebot wurde nicht gefunden.',
  positionNotFound: 'Die Position wurde nicht gefunden.',
  offerNotFound: 'Der Wein wurde nicht gefunden oder ist archiviert.',
  invoiced:
    'Für dieses Angebot wurde bereits eine Rechnung erstellt; die Positionen sind nicht mehr änderbar.',
  alreadyInvoiced: 'Für dieses Angebot wurde bereits eine Rechnung erstellt.',
  empty: 'Das Angebot enthält noch keine Positionen.',
  emailMismatch: 'Die E-Mail-Adresse stimmt nicht mit der des Angebots überein.',
  alreadyOrdered:
    'Der Kunde hat Weine dieses Angebots bereits zum vereinbarten Preis bestellt. Bitte legen Sie bei Bedarf ein neues Angebot an.',
  notListed:
    'Dieser Wein kann nicht angeboten werden: Alle Kisten seiner Einkaufstranchen sind bereits Depots zugeordnet.',
} as const;

// ─── Reading ──────────────────────────────────────────────────────────────────

export interface QuotePositionView {
  id: number;
  amount: number;
  caskOf: number;
  sellPriceBtl: string;
  ekpBtl: string | null;
  offer: typeof offers.$inferSelect;
  wineTitle: string;
  year: number;
  region: string;
}

export interface QuoteView {
  id: number;
  uid: string;
  email: string;
  userId: number | null;
  archived: boolean;
  datetime: Date;
  setPasswordLink: string | null;
  investmentSumPicked: string;
  investmentSumPickedStr: string;
  bucket: string | null;
  invoice: typeof invoices.$inferSelect | null;
  hostedInvoiceUrl: string | null;
  recommendedPosition: QuotePositionView[];
}

const SET_PASSWORD_TTL_MS = 14 * 24 * 3600 * 1000;
const SET_PASSWORD_PAYLOAD = 'manual_quote:';

/**
 * The set-password token of a nonce. Only the nonce (in the token row's payload) and the token's
 * hash are stored; the link can be shown to staff again without keeping the secret itself.
 */
const setPasswordToken = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`manual-quote-set-password.${nonce}`).digest('base64url');

/** A single-use, expiring password-reset token (the reset flow sets the password and activates). */
async function issueSetPasswordToken(tx: Transaction, secret: string, userId: number, quoteId: number) {
  const nonce = randomBytes(18).toString('base64url');
  await tx.insert(accountTokens).values({
    userId,
    purpose: 'PASSWORD_RESET',
    tokenHash: hashToken(setPasswordToken(secret, nonce)),
    payload: `${SET_PASSWORD_PAYLOAD}${quoteId}:${nonce}`,
    expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
  });
}

/** The newest open set-password link per user (issued by a quote, unused, unexpired). */
async function setPasswordLinks(db: Executor, settings: LinkSettings, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ userId: accountTokens.userId, payload: accountTokens.payload })
    .from(accountTokens)
    .where(
      and(
        inArray(accountTokens.userId, userIds),
        eq(accountTokens.purpose, 'PASSWORD_RESET'),
        like(accountTokens.payload, `${SET_PASSWORD_PAYLOAD}%`),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(accountTokens.createdAt), asc(accountTokens.id));
  const links = new Map<number, string>();
  for (const row of rows) {
    const nonce = row.payload?.split(':')[2];
    if (nonce)
      links.set(
        row.userId,
        `${settings.publicUrl}/set-password/${setPasswordToken(settings.jwtSecret, nonce)}`,
      );
  }
  return links;
}

function quotePositionRows(db: Executor, quoteIds: number[]) {
  return db
    .select({
      position: recommendedPositions,
      offer: offers,
      wineTitle: wines.title,
      year: vintages.year,
      region: sql<string>`coalesce(${regions.title}, 'Weitere')`,
    })
    .from(recommendedPositions)
    .innerJoin(offers, eq(offers.id, recommendedPositions.offerId))
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .innerJoin(wineries, eq(wineries.id, wines.wineryId))
    .leftJoin(regions, eq(regions.id, wineries.regionId))
    .where(inArray(recommendedPositions.profileId, quoteIds))
    .orderBy(asc(recommendedPositions.id));
}

/** Quotes with positions, sum, invoice and set-password link (one query per relation). */
async function quoteViews(db: Executor, settings: LinkSettings, rows: ProfileRow[]): Promise<QuoteView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const positions = await quotePositionRows(db, ids);
  const invoiceIds = rows.flatMap((row) => (row.invoiceId ? [row.invoiceId] : []));
  const invoiceRows = invoiceIds.length
    ? await db.select().from(invoices).where(inArray(invoices.id, invoiceIds))
    : [];
  const invoiceById = new Map(invoiceRows.map((invoice) => [invoice.id, invoice]));
  const links = await setPasswordLinks(
    db,
    settings,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return rows.map((row) => {
    const own = positions.filter(({ position }) => position.profileId === row.id);
    const sum = quoteTotals(own.map(({ position }) => position)).sales;
    const invoice = row.invoiceId ? (invoiceById.get(row.invoiceId) ?? null) : null;
    return {
      id: row.id,
      uid: row.uid,
      email: row.email,
      userId: row.userId,
      archived: row.archived,
      datetime: row.datetime,
      setPasswordLink: row.userId ? (links.get(row.userId) ?? null) : null,
      investmentSumPicked: centsToDecimal(sum),
      investmentSumPickedStr: formatEuro(sum),
      bucket: row.bucket,
      invoice,
      hostedInvoiceUrl: invoice?.hostedInvoiceUrl ?? null,
      recommendedPosition: own.map(({ position, offer, wineTitle, year, region }) => ({
        id: position.id,
        amount: position.amount,
        caskOf: position.caskOf,
        sellPriceBtl: position.sellPriceBtl,
        ekpBtl: position.ekpBtl,
        offer,
        wineTitle,
        year,
        region,
      })),
    };
  });
}

/** Manual quotes that are not archived, newest first. */
export async function listManualQuotes(db: Database, settings: LinkSettings): Promise<QuoteView[]> {
  const rows = await db
    .select()
    .from(preferencesProfiles)
    .where(and(eq(preferencesProfiles.source, 'MANUALLY'), eq(preferencesProfiles.archived, false)))
    .orderBy(desc(preferencesProfiles.datetime), desc(preferencesProfiles.id));
  return quoteViews(db, settings, rows);
}

async function quoteView(db: Executor, settings: LinkSettings, id: number): Promise<QuoteView | null> {
  const rows = await db.select().from(preferencesProfiles).where(eq(preferencesProfiles.id, id));
  return (await quoteViews(db, settings, rows))[0] ?? null;
}

const trancheTotalSql = sql<number>`coalesce((select sum(${partialOffers.totalQuantityAvailable}) from ${partialOffers} where ${partialOffers.offerId} = ${offers.id}), 0)::int`;
const depotAssignedSql = sql<number>`coalesce((select sum(${depotPositions.amount}) from ${depotPositions} inner join ${partialOffers} on ${partialOffers.id} = ${depotPositions.partialOfferId} where ${partialOffers.offerId} = ${offers.id}), 0)::int`;

/** The region section of an offer in the quote modal (`regionBucket` of src/domain, in SQL). */
const quoteRegionSql = sql<string>`case when trim(${regions.title}) in (${sql.join(
  QUOTE_REGIONS.filter((region) => region !== 'Rest').map((region) => sql`${region}`),
  sql`, `,
)}) then trim(${regions.title}) else 'Rest' end`;

/**
 * The offers the quote modal lists: per region section the newest ten non-archived offers whose
 * tranches hold more cases than are assigned to depots (spec 8), newest first. Chosen in the
 * database, so the modal loads at most 50 offers however large the catalogue is.
 */
export async function manualQuoteOffers(db: Database) {
  const ranked = db
    .select({
      id: offers.id,
      rank: sql<number>`row_number() over (partition by ${quoteRegionSql} order by ${offers.datetimeCreated} desc, ${offers.id} desc)`.as(
        'rank',
      ),
    })
    .from(offers)
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .innerJoin(wineries, eq(wineries.id, wines.wineryId))
    .leftJoin(regions, eq(regions.id, wineries.regionId))
    .where(and(eq(offers.archived, false), sql`${trancheTotalSql} > ${depotAssignedSql}`))
    .as('ranked');
  const listed = await db
    .select({ id: ranked.id })
    .from(ranked)
    .where(lte(ranked.rank, QUOTE_OFFERS_PER_REGION));
  if (listed.length === 0) return [];
  return db
    .select({
      id: offers.id,
      title: vintageLabelSql,
      year: vintages.year,
      region: regions.title,
      sellPriceBtl: offers.sellPriceBtl,
      ekpBtl: sql<
        string | null
      >`(select ${partialOffers.buyPriceBtl} from ${partialOffers} where ${partialOffers.offerId} = ${offers.id} order by ${partialOffers.datetimeCreated} desc, ${partialOffers.id} desc limit 1)`,
      caskOf: offers.caskOf,
      bottleSize: bottleSizes.title,
      trancheTotal: trancheTotalSql,
      depotAssigned: depotAssignedSql,
      availableCases: offerAvailableCasesSql,
      datetimeCreated: offers.datetimeCreated,
    })
    .from(offers)
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .innerJoin(wineries, eq(wineries.id, wines.wineryId))
    .innerJoin(bottleSizes, eq(bottleSizes.id, offers.bottleSizeId))
    .leftJoin(regions, eq(regions.id, wineries.regionId))
    .where(
      inArray(
        offers.id,
        listed.map((row) => row.id),
      ),
    )
    .orderBy(desc(offers.datetimeCreated), desc(offers.id));
}

// ─── Changing ─────────────────────────────────────────────────────────────────

export interface QuoteResult {
  success: boolean;
  errors: MutationError[];
  manualQuote: QuoteView | null;
}

async function manualQuoteForUpdate(tx: Transaction, id: number, activeOnly = true) {
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

const displayName = (user: Pick<UserRow, 'firstName' | 'lastName'> | undefined) =>
  user ? `${user.firstName} ${user.lastName}`.trim() : '';

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
    const user = await userByEmail(tx, email);
    const [quote] = await tx
      .insert(preferencesProfiles)
      .values({
        email,
        userId: user?.id ?? null,
        name: displayName(user),
        source: 'MANUALLY',
        createdById: actor.id,
        investmentSumPicked: '0.00',
      })
      .returning();
    if (!quote) throw new Error('Angebot wurde nicht angelegt');
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
    const user = await userByEmail(tx, email);
    const [copy] = await tx
      .insert(preferencesProfiles)
      .values({
        email,
        userId: user?.id ?? null,
        name: displayName(user),
        source: 'MANUALLY',
        createdById: actor.id,
        wineloverVsInvestor: source.wineloverVsInvestor,
        investmentHorizon: source.investmentHorizon,
        takesRisk: source.takesRisk,
        investmentSumIntended: source.investmentSumIntended,
        investmentSumPicked: source.investmentSumPicked ?? '0.00',
        bucket: source.bucket,
      })
      .returning();
    if (!copy) throw new Error('Angebot wurde nicht kopiert');
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

// ─── Accounts and the invoice of a quote ──────────────────────────────────────

/**
 * Attaches the manual quotes made for the user's e-mail before the account existed, so they
 * appear as the client's adviser offers (called when an account is created).
 */
export async function attachManualQuotes(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): Promise<void> {
  await tx
    .update(preferencesProfiles)
    .set({ userId: user.id, name: displayName(user) })
    .where(
      and(
        eq(preferencesProfiles.email, user.email),
        eq(preferencesProfiles.source, 'MANUALLY'),
        isNull(preferencesProfiles.userId),
      ),
    );
}

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

type Prepared =
  | { ok: true; invoiceId: number; previouslyBlocked: boolean }
  | { ok: false; result: QuoteInvoiceResult };

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
  const fail = (
    errors: MutationError[],
    manualQuote: QuoteView | null = null,
    hostedInvoiceUrl: string | null = null,
  ) => refusedAll(errors, { manualQuote, hostedInvoiceUrl });
  const problems = quoteInvoiceProblems(input);
  if (Object.keys(problems).length > 0) {
    return fail(
      Object.entries(problems).map(([field, message]) => ({
        code: 'INVALID',
        message: message as string,
        field,
      })),
    );
  }
  const email = normalizeEmail(input.email);
  const uid = input.quoteUuid.trim();
  const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
  if (!quote) return fail([{ code: 'NOT_FOUND', message: quoteTexts.notFound, field: 'quoteUuid' }]);
  if (quote.email !== email)
    return fail([{ code: 'INVALID', message: quoteTexts.emailMismatch, field: 'email' }]);
  const unusablePassword = await hashPassword(newUrlToken());

  const prepared: Prepared = await db.transaction(async (tx): Promise<Prepared> => {
    const locked = await manualQuoteForUpdate(tx, quote.id);
    if (!locked)
      return {
        ok: false,
        result: fail([{ code: 'NOT_FOUND', message: quoteTexts.notFound, field: 'quoteUuid' }]),
      };
    if (locked.invoiceId) {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, locked.invoiceId));
      if (invoice?.hostedInvoiceUrl) {
        return {
          ok: false,
          result: fail(
            [{ code: 'ALREADY_INVOICED', message: quoteTexts.alreadyInvoiced, field: 'quoteUuid' }],
            await quoteView(tx, deps.settings, locked.id),
            invoice.hostedInvoiceUrl,
          ),
        };
      }
      if (invoice) return { ok: true, invoiceId: invoice.id, previouslyBlocked: true };
    }
    const positions = await tx
      .select({ position: recommendedPositions, offer: offers, title: vintageLabelSql })
      .from(recommendedPositions)
      .innerJoin(offers, eq(offers.id, recommendedPositions.offerId))
      .innerJoin(vintages, eq(vintages.id, offers.vintageId))
      .where(eq(recommendedPositions.profileId, locked.id))
      .orderBy(asc(recommendedPositions.id));
    if (positions.length === 0)
      return { ok: false, result: fail([{ code: 'EMPTY', message: quoteTexts.empty, field: null }]) };
    for (const { position, offer, title } of positions) {
      const [stock] = await tx
        .select({
          cases: sumAvailableCasesSql,
        })
        .from(partialOffers)
        .where(eq(partialOffers.offerId, offer.id));
      const available = Number(stock?.cases ?? 0);
      // The agreed price applies once: the client may already have ordered these cases.
      const left = await agreedCasesLeft(tx, position.id, { includeOrderLists: false });
      if (left !== null && left < position.amount) {
        return {
          ok: false,
          result: fail([
            { code: 'AGREED_OFFER_USED', message: quoteTexts.alreadyOrdered, field: 'quoteUuid' },
          ]),
        };
      }
      if (available < position.amount) {
        return {
          ok: false,
          result: fail([
            { code: 'NOT_ENOUGH_STOCK', message: orderTexts.notEnoughStock(title, available), field: null },
          ]),
        };
      }
    }

    const billing = {
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
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    let client: UserRow;
    if (existing) {
      const [updated] = await tx.update(users).set(billing).where(eq(users.id, existing.id)).returning();
      if (!updated) throw new Error('Kunde verschwunden');
      client = updated;
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email, passwordHash: unusablePassword, isActive: false, ...billing })
        .returning();
      if (!created) throw new Error('Kunde wurde nicht angelegt');
      client = created;
      await attachManualQuotes(tx, client);
    }
    if (!client.isActive) await issueSetPasswordToken(tx, deps.settings.jwtSecret, client.id, locked.id);

    // Until it is paid, the invoice blocks the order list like a binding order does.
    const invoice = await insertInvoice(tx, {
      userId: client.id,
      fees: deps.fees,
      productCategory: input.productCategory?.trim() || DEFAULT_QUOTE_INVOICE_TYPE,
      lines: positions.map(({ position, offer }) => ({
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
  });
  if (!prepared.ok) return prepared.result;

  const [current] = await db.select().from(invoices).where(eq(invoices.id, prepared.invoiceId));
  if (current?.stage === 'CHECK_NEEDED') {
    const checked = await changeInvoice(db, deps.settings, actor, {
      invoiceId: prepared.invoiceId,
      stage: 'CHECK_DONE',
    });
    if (!checked.success) {
      await db.transaction(async (tx) => {
        await tx
          .delete(invoices)
          .where(and(eq(invoices.id, prepared.invoiceId), eq(invoices.stage, 'CHECK_NEEDED')));
        await tx
          .update(preferencesProfiles)
          .set({ invoiceId: null })
          .where(eq(preferencesProfiles.id, quote.id));
        if (current && !prepared.previouslyBlocked) {
          await tx.update(users).set({ blockedByOrderCheck: false }).where(eq(users.id, current.userId));
        }
        await recordAudit(tx, {
          actorId: actor.id,
          entity: 'manual_quote',
          entityId: quote.id,
          action: 'invoice_refused',
          before: { invoiceId: prepared.invoiceId },
          after: { invoiceId: null, reason: checked.errors.map((error) => error.message).join(' ') },
        });
      });
      return fail(checked.errors, await quoteView(db, deps.settings, quote.id));
    }
  }
  const finalized = await finalizeInvoice(db, deps.provider, actor, prepared.invoiceId);
  const view = await quoteView(db, deps.settings, quote.id);
  if (!finalized.success) return fail(finalized.errors, view);
  return ok({ manualQuote: view, hostedInvoiceUrl: finalized.hostedInvoiceUrl });
}
