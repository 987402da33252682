import { getTableName, sql } from 'drizzle-orm';
import { offers, partialOffers } from './schema';

/**
 * The rule "available cases = the sum of the purchase tranches' quantityAvailable, never negative"
 * (`availableCases` in src/domain/offer-pricing.ts) as SQL, written once. The parity test
 * (tests/api/available-cases.test.ts) holds both to the same answers.
 */

/** One tranche's contribution: its quantityAvailable, never below 0. */
export const trancheAvailableCasesSql = sql<number>`greatest(${partialOffers.quantityAvailable}, 0)`;

/** The sum over the tranches a query aggregates (a `group by` or a whole-table aggregate). */
export const sumAvailableCasesSql = sql<number>`coalesce(sum(${trancheAvailableCasesSql}), 0)::int`;

/**
 * Per row of `offers`: the cases available of that offer (a correlated subquery). The outer offer
 * id is written with its table name: Drizzle leaves columns unqualified in a select from one table
 * without joins, and an unqualified "id" inside the subquery would mean the tranche's own id.
 */
const outerOfferId = sql`${sql.identifier(getTableName(offers))}.${sql.identifier(offers.id.name)}`;
export const offerAvailableCasesSql = sql<number>`coalesce((select sum(${trancheAvailableCasesSql}) from ${partialOffers} where ${partialOffers.offerId} = ${outerOfferId}), 0)::int`;
