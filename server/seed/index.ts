/**
 * The demo state of the portal: a real catalogue of fine wines with offers and tranches, four
 * demo accounts (client with depot and invoices, new client, adviser, client with an order in
 * review), academy videos, blog posts and the generated images and videos they show.
 *
 * Everything except the dates is deterministic; dates are relative to `now`.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../services/passwords';
import { reportDemoWarehouseStock } from '../services/warehouse-demo';
import type { WarehouseConfig } from '../services/warehouse-reports';
import { accountSeeds, DEMO_PASSWORD } from './data/accounts';
import { insertOrderPositions, insertProfiles, insertUsers } from './insert/accounts';
import { insertCatalogue } from './insert/catalogue';
import { insertContent } from './insert/content';
import { emptySeedIds } from './insert/context';
import { insertDepot } from './insert/depot';
import { insertOffers } from './insert/offers';
import { insertVintages } from './insert/vintages';
import { writeDemoMedia } from './media';

export { DEMO_PASSWORD } from './data/accounts';
export { type MediaReport, writeDemoMedia } from './media';

export interface DemoAccount {
  email: string;
  password: string;
  description: string;
}

/** The demo logins, printed by the server on start. */
export const demoAccounts: readonly DemoAccount[] = accountSeeds.map((account) => ({
  email: account.email,
  password: DEMO_PASSWORD,
  description: account.description,
}));

/** Whether the database holds the demo accounts (a database seeded with the demo data). */
export async function demoAccountsPresent(db: Database): Promise<boolean> {
  const emails = demoAccounts.map((account) => account.email);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.email, emails));
  return (row?.count ?? 0) > 0;
}

export async function isDatabaseSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) > 0;
}

export interface SeedOptions {
  mediaDir: string;
  now?: Date;
  /**
   * With the demo warehouse's key pair (`warehouse.warehouse.demoKeys`), the demo warehouse's signed report
   * of the seeded ledger is imported, so a fresh portal shows a matched reconciliation.
   */
  warehouse?: WarehouseConfig;
}

/**
 * Generates the media files (existing files are kept) and inserts the whole demo state in one
 * transaction into an empty, migrated database.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const [passwordHash] = await Promise.all([hashPassword(DEMO_PASSWORD), writeDemoMedia(options.mediaDir)]);
  await db.transaction(async (tx) => {
    const context = { tx, now, ids: emptySeedIds() };
    await insertCatalogue(context);
    await insertVintages(context);
    await insertOffers(context);
    await insertUsers(context, passwordHash);
    await insertProfiles(context);
    await insertOrderPositions(context);
    await insertDepot(context);
    await insertContent(context);
  });
  if (options.warehouse?.warehouse.demoKeys) {
    const imported = await reportDemoWarehouseStock(db, options.warehouse, {
      source: 'SEED',
      importedById: null,
      now,
    });
    if (!imported.success) {
      throw new Error(
        `Demodaten: Bestandsbericht abgelehnt: ${imported.errors.map((e) => e.message).join(' ')}`,
      );
    }
  }
}
