/**
 * Advice: investor profiles (WIZARD) with their automatically composed portfolio, adviser
 * offers (MANUALLY), consent, the 15-year simulation and the transfer of a proposal into the
 * order list or straight into a binding order (D's `createInvoice`).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type PortfolioLine, portfolioTotal } from '../../src/domain/advice-portfolio';
import { type Candidate, composePortfolio } from '../../src/domain/advice-recommendation';
import { type ProfileInput, profileProblems } from '../../src/domain/advice-wizard';
import { billingComplete } from '../../src/domain/billing-data';
import { formatDate } from '../../src/domain/dates';
import { centsToDecimal, decimalToCents } from '../../src/domain/money';
import { type FeeSchedule, MAX_ORDER_CASES } from '../../src/domain/order-costs';
import { AGREED_OFFER_USED_TEXT } from '../../src/domain/order-list-texts';
import { offerAvailableCasesSql, sumAvailableCasesSql } from '../db/available-cases';
import type { Database, Executor } from '../db/client';
import {
  invoices,
  offers,
  orderPositions,
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
import { invalidFields, type MutationResult, ok, refused, refusedAll } from './errors';
import { orderTexts } from './order-texts';
import { createInvoice, once } from './orders';

export type ProfileRow = typeof preferencesProfiles.$inferSelect;
export type RecommendedPositionRow = typeof recommendedPositions.$inferSelect;
type UserRow = typeof users.$inferSelect;
export type ProfileSource = ProfileRow['source'];

export const adviceTexts = {
  unknownProposal: 'Dieses Angebot ist abgelaufen.',
  emptyProposal: 'Dieses Angebot enthält keine verfügbaren Weine mehr.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A proposal by its uid (archived ones are gone); a malformed uid is simply unknown. */
export async function profileByUid(db: Executor, uid: string): Promise<ProfileRow | null> {
  if (!UUID.test(uid.trim())) return null;
  const [row] = await db
    .select()
    .from(preferencesProfiles)
    .where(and(eq(preferencesProfiles.uid, uid.trim()), eq(preferencesProfiles.archived, false)));
  return row ?? null;
}

export async function latestProfile(
  db: Executor,
  userId: number,
  source: ProfileSource,
): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(preferencesProfiles)
    .where(
      and(
        eq(preferencesProfiles.userId, userId),
        eq(preferencesProfiles.source, source),
        eq(preferencesProfiles.archived, false),
      ),
    )
    .orderBy(desc(preferencesProfiles.datetime), desc(preferencesProfiles.id))
    .limit(1);
  return row ?? null;
}

/** Non-archived profiles of several users, newest first (the `me.preferencesprofileSet` loader). */
export function profilesOfUsers(db: Executor, userIds: readonly number[]) {
  return db
    .select()
    .from(preferencesProfiles)
    .where(and(inArray(preferencesProfiles.userId, [...userIds]), eq(preferencesProfiles.archived, false)))
    .orderBy(desc(preferencesProfiles.datetime), desc(preferencesProfiles.id));
}

export function positionsOfProfiles(db: Executor, profileIds: readonly number[]) {
  return db
    .select()
    .from(recommendedPositions)
    .where(inArray(recommendedPositions.profileId, [...profileIds]))
    .orderBy(asc(recommendedPositions.id));
}

/** Available offers with the predictions of their vintage and the winery's region. */
export async function compositionCandidates(db: Executor): Promise<Candidate[]> {
  const rows = await db
    .select({
      offerId: offers.id,
      region: sql<string>`coalesce(${regions.title}, 'Weitere')`,
      sellPriceBtl: offers.sellPriceBtl,
      caskOf: offers.caskOf,
      takesRiskPrediction: vintages.takesRiskPrediction,
      wineloverVsInvestorPrediction: vintages.wineloverVsInvestorPrediction,
      investmentHorizonPrediction: vintages.investmentHorizonPrediction,
      available: offerAvailableCasesSql,
    })
    .from(offers)
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .innerJoin(wineries, eq(wineries.id, wines.wineryId))
    .leftJoin(regions, eq(regions.id, wineries.regionId))
    .where(and(eq(offers.archived, false), eq(offers.onRequest, false), eq(offers.lifecycle, 'ACTIVE')));
  return rows.map((row) => ({
    offerId: row.offerId,
    region: row.region,
    casePrice: decimalToCents(row.sellPriceBtl) * row.caskOf,
    availableCases: Number(row.available),
    takesRiskPrediction: row.takesRiskPrediction,
    wineloverVsInvestorPrediction: row.wineloverVsInvestorPrediction,
    investmentHorizonPrediction: row.investmentHorizonPrediction,
  }));
}

/** (Re)composes the portfolio of a WIZARD profile from the current catalogue and stock. */
export async function composeForProfile(tx: Executor, profile: ProfileRow): Promise<void> {
  const candidates = await compositionCandidates(tx);
  const composed = composePortfolio(
    {
      wineloverVsInvestor: profile.wineloverVsInvestor,
      takesRisk: profile.takesRisk,
      investmentHorizon: profile.investmentHorizon,
      investmentSumIntended: decimalToCents(profile.investmentSumIntended),
    },
    candidates,
  );
  await tx.delete(recommendedPositions).where(eq(recommendedPositions.profileId, profile.id));
  if (composed.positions.length === 0) return;
  const byId = new Map(candidates.map((candidate) => [candidate.offerId, candidate]));
  const offerRows = await tx
    .select({ id: offers.id, caskOf: offers.caskOf, sellPriceBtl: offers.sellPriceBtl })
    .from(offers)
    .where(
      inArray(
        offers.id,
        composed.positions.map((position) => position.offerId),
      ),
    );
  const offerById = new Map(offerRows.map((row) => [row.id, row]));
  await tx.insert(recommendedPositions).values(
    composed.positions.flatMap((position) => {
      const offer = offerById.get(position.offerId);
      if (!offer || !byId.has(position.offerId)) return [];
      return [
        {
          profileId: profile.id,
          offerId: offer.id,
          amount: position.amount,
          caskOf: offer.caskOf,
          sellPriceBtl: offer.sellPriceBtl,
        },
      ];
    }),
  );
}

export interface CreateProfileArgs extends ProfileInput {
  stocks?: boolean | null;
  etfs?: boolean | null;
  realestate?: boolean | null;
  metals?: boolean | null;
  watches?: boolean | null;
  crypto?: boolean | null;
}

export async function createPreferencesProfile(
  db: Database,
  user: UserRow,
  args: CreateProfileArgs,
): Promise<{ result: MutationResult; profile: ProfileRow | null }> {
  const problems = profileProblems(args);
  if (problems.length > 0) {
    return {
      result: refusedAll(invalidFields(problems)),
      profile: null,
    };
  }
  const profile = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(preferencesProfiles)
      .values({
        userId: user.id,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        source: 'WIZARD',
        wineloverVsInvestor: args.wineloverVsInvestor,
        takesRisk: args.takesRisk,
        investmentHorizon: args.investmentHorizon,
        investmentSumIntended: centsToDecimal(decimalToCents(String(args.investmentSumIntended))),
        stocks: Boolean(args.stocks),
        etfs: Boolean(args.etfs),
        realestate: Boolean(args.realestate),
        metals: Boolean(args.metals),
        watches: Boolean(args.watches),
        crypto: Boolean(args.crypto),
        // Consent to terms and privacy policy is given per proposal on its public page.
        checkedAgbAndDsgvo: false,
      })
      .returning();
    if (!row) throw new Error('Anlegerprofil wurde nicht angelegt');
    await composeForProfile(tx, row);
    return row;
  });
  return { result: ok(), profile };
}

export async function acceptAgbsAndDsgvo(db: Database, uid: string): Promise<MutationResult> {
  const profile = await profileByUid(db, uid);
  if (!profile) return refused('NOT_FOUND', adviceTexts.unknownProposal, 'uid');
  await db
    .update(preferencesProfiles)
    .set({ checkedAgbAndDsgvo: true })
    .where(eq(preferencesProfiles.id, profile.id));
  return ok();
}

/** Lines of a proposal for totals, slices and region shares. */
export async function proposalLines(db: Executor, profileId: number): Promise<PortfolioLine[]> {
  return proposalLinesOf(db, [profileId]);
}

/** Lines of several proposals at once (one query), each with its profile id. */
export async function proposalLinesOf(
  db: Executor,
  profileIds: readonly number[],
): Promise<(PortfolioLine & { profileId: number })[]> {
  const rows = await db
    .select({
      profileId: recommendedPositions.profileId,
      label: wines.title,
      region: sql<string>`coalesce(${regions.title}, 'Weitere')`,
      priceBtl: recommendedPositions.sellPriceBtl,
      amount: recommendedPositions.amount,
      caskOf: recommendedPositions.caskOf,
    })
    .from(recommendedPositions)
    .innerJoin(offers, eq(offers.id, recommendedPositions.offerId))
    .innerJoin(vintages, eq(vintages.id, offers.vintageId))
    .innerJoin(wines, eq(wines.id, vintages.wineId))
    .innerJoin(wineries, eq(wineries.id, wines.wineryId))
    .leftJoin(regions, eq(regions.id, wineries.regionId))
    .where(inArray(recommendedPositions.profileId, [...profileIds]))
    .orderBy(asc(recommendedPositions.id));
  return rows;
}

/** The simulation's initial value: the proposal's total, or the intended sum of an empty one. */
export async function simulationInitial(db: Executor, profile: ProfileRow): Promise<number> {
  const total = portfolioTotal(await proposalLines(db, profile.id));
  return total > 0 ? total : decimalToCents(profile.investmentSumIntended);
}

/** "Angebot vom 18.11.2026" for adviser offers, "Ihr Portfolio" for the composed one. */
export const proposalLabel = (profile: Pick<ProfileRow, 'source' | 'datetime'>): string =>
  profile.source === 'MANUALLY' ? `Angebot vom ${formatDate(profile.datetime)}` : 'Ihr Portfolio';

export interface TransferArgs {
  uid: string;
  removeExistingOrderPositions?: boolean | null;
  requestDirectly?: boolean | null;
}

const samePrice = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : decimalToCents(a) === decimalToCents(b);

/**
 * Puts the proposal's positions on the client's order list: cases are capped at the current
 * stock (and 100 per position); an offer already on a kept list at the same price gets the cases
 * added, otherwise it gets a position of its own. Positions of an adviser offer (MANUALLY) keep
 * the adviser's price per bottle as their agreed price (`agreedPriceBtl`). With
 * `requestDirectly` the list then becomes a binding order through `createInvoice` (the same
 * rules and mail as the order list's binding order); its refusals (blocked, billing data
 * missing) are checked first so that a refused order changes nothing.
 */
export async function transferRecommendations(
  db: Database,
  user: UserRow,
  args: TransferArgs,
  fees: FeeSchedule,
): Promise<MutationResult> {
  const profile = await profileByUid(db, args.uid);
  if (!profile || profile.userId !== user.id) return refused('NOT_FOUND', adviceTexts.unknownProposal, 'uid');
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  if (!fresh) return refused('NOT_FOUND', adviceTexts.unknownProposal, 'uid');
  if (fresh.blockedByOrderCheck) return refused('ORDER_LIST_BLOCKED', orderTexts.blocked);
  if (args.requestDirectly && !billingComplete(fresh)) {
    return refused('BILLING_INCOMPLETE', orderTexts.billingIncomplete);
  }
  const label = proposalLabel(profile);
  const transferred = await once(db, user.id, 'addRecommendations', null, async (tx) => {
    const positions = await tx
      .select()
      .from(recommendedPositions)
      .where(eq(recommendedPositions.profileId, profile.id))
      .orderBy(asc(recommendedPositions.id));
    const offerIds = positions.map((position) => position.offerId);
    const stock =
      offerIds.length === 0
        ? []
        : await tx
            .select({
              offerId: partialOffers.offerId,
              available: sumAvailableCasesSql,
            })
            .from(partialOffers)
            .where(inArray(partialOffers.offerId, offerIds))
            .groupBy(partialOffers.offerId);
    const availableById = new Map(stock.map((row) => [row.offerId, Number(row.available)]));
    const usable = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          inArray(offers.id, offerIds.length ? offerIds : [-1]),
          eq(offers.archived, false),
          eq(offers.onRequest, false),
        ),
      );
    const usableIds = new Set(usable.map((row) => row.id));
    const transferable = positions.filter(
      (position) => usableIds.has(position.offerId) && (availableById.get(position.offerId) ?? 0) > 0,
    );
    if (transferable.length === 0) return refused('EMPTY', adviceTexts.emptyProposal);
    if (args.removeExistingOrderPositions) {
      await tx.delete(orderPositions).where(eq(orderPositions.userId, user.id));
    }
    const existing = await tx.select().from(orderPositions).where(eq(orderPositions.userId, user.id));
    let placed = 0;
    let agreedUsedUp = 0;
    for (const position of transferable) {
      // An adviser offer's price is agreed and kept on the list, for at most the offer's cases,
      // once; the composed portfolio is ordered at the catalogue price of the day.
      const agreedPriceBtl = profile.source === 'MANUALLY' ? position.sellPriceBtl : null;
      const ofOffer = existing.filter((row) => row.offerId === position.offerId);
      const current = agreedPriceBtl
        ? (ofOffer.find((row) => row.recommendedPositionId === position.id) ??
          ofOffer.find(
            (row) => row.recommendedPositionId === null && samePrice(row.agreedPriceBtl, agreedPriceBtl),
          ))
        : ofOffer.find((row) => samePrice(row.agreedPriceBtl, null));
      const elsewhere = ofOffer.filter((row) => row !== current).reduce((sum, row) => sum + row.amount, 0);
      const available = (availableById.get(position.offerId) ?? 0) - elsewhere;
      const wanted = agreedPriceBtl
        ? ((await agreedCasesLeft(tx, position.id, { exceptOrderPositionId: current?.id ?? null })) ?? 0)
        : (current?.amount ?? 0) + position.amount;
      if (agreedPriceBtl && wanted < 1) {
        agreedUsedUp += 1;
        continue;
      }
      const amount = Math.min(MAX_ORDER_CASES, available, wanted);
      // The kept positions of this offer at other prices may already take its whole stock.
      if (amount < 1) continue;
      placed += 1;
      const link = agreedPriceBtl ? { recommendedPositionId: position.id } : {};
      if (current) {
        await tx
          .update(orderPositions)
          .set({ amount, fromRecommendation: label, recommendedAmount: position.amount, ...link })
          .where(eq(orderPositions.id, current.id));
      } else {
        await tx.insert(orderPositions).values({
          userId: user.id,
          offerId: position.offerId,
          amount,
          fromRecommendation: label,
          recommendedAmount: position.amount,
          agreedPriceBtl,
          ...link,
        });
      }
    }
    if (placed === 0 && agreedUsedUp > 0) {
      return refused('AGREED_OFFER_USED', AGREED_OFFER_USED_TEXT);
    }
    if (placed === 0) return refused('EMPTY', adviceTexts.emptyProposal);
    return ok();
  });
  if (!transferred.success) return refusedAll(transferred.errors);
  if (!args.requestDirectly) return ok();
  const invoice = await createInvoice(db, user.id, { fees });
  return invoice.success ? ok() : refusedAll(invoice.errors);
}

/** Whether the first-time wizard applies: no saved profile and no invoices. */
export async function needsFirstProfile(db: Executor, userId: number): Promise<boolean> {
  const [profile] = await db
    .select({ id: preferencesProfiles.id })
    .from(preferencesProfiles)
    .where(and(eq(preferencesProfiles.userId, userId), eq(preferencesProfiles.source, 'WIZARD')))
    .limit(1);
  if (profile) return false;
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .limit(1);
  return !invoice;
}
