/**
 * Manual quotes of the back office (staff): an adviser's quote is a preferences profile with
 * source MANUALLY and its recommended positions, so it is the client's adviser offer at the same
 * time. A quote for an e-mail without account attaches to the account once it is created.
 * Every change writes an audit row (entity manual_quote) in its transaction.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, like, lte, sql } from 'drizzle-orm';
import { QUOTE_OFFERS_PER_REGION, QUOTE_REGIONS, quoteTotals } from '../../src/domain/backoffice-quotes';
import { centsToDecimal, formatEuro } from '../../src/domain/money';
import type { ServerConfig } from '../config';
import { offerAvailableCasesSql } from '../db/available-cases';
import type { Database, Executor, Transaction } from '../db/client';
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
  vintages,
  wineries,
  wines,
} from '../db/schema';
import { vintageLabelSql } from '../db/vintage-label';
import { hashToken } from './tokens';

type ProfileRow = typeof preferencesProfiles.$inferSelect;
export type LinkSettings = Pick<ServerConfig, 'publicUrl' | 'jwtSecret'>;

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
export async function issueSetPasswordToken(
  tx: Transaction,
  secret: string,
  userId: number,
  quoteId: number,
) {
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

export async function quoteView(db: Executor, settings: LinkSettings, id: number): Promise<QuoteView | null> {
  const rows = await db.select().from(preferencesProfiles).where(eq(preferencesProfiles.id, id));
  return (await quoteViews(db, settings, rows))[0] ?? null;
}

export const trancheTotalSql = sql<number>`coalesce((select sum(${partialOffers.totalQuantityAvailable}) from ${partialOffers} where ${partialOffers.offerId} = ${offers.id}), 0)::int`;
export const depotAssignedSql = sql<number>`coalesce((select sum(${depotPositions.amount}) from ${depotPositions} inner join ${partialOffers} on ${partialOffers.id} = ${depotPositions.partialOfferId} where ${partialOffers.offerId} = ${offers.id}), 0)::int`;

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
