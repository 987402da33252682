/**
 * The one database schema of the portal (Drizzle, Postgres dialect). It runs unchanged on
 * PGlite (default, embedded) and on a Postgres server (`DATABASE_URL`).
 *
 * Money is `numeric(12,2)` (decimal strings in code, never summed as floats); ids are integers
 * because the API of the specification uses `Int` ids. Public identifiers that must not be
 * guessable (proposal uids, certificate tokens, activation uids) are random UUIDs/tokens.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INVOICE_STAGE_KEYS } from '../../src/domain/invoice-stages';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A Postgres transaction id (64 bits, no wraparound); compared with a snapshot by the delta sync. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * When and by which transaction a row was last written, for the delta sync (`syncChanges`,
 * `server/services/sync.ts`). Kept by the database: the trigger `sync_stamp` of migration 0009
 * sets both on every insert and update, whatever the statement says; the code never writes them.
 */
const syncStamp = () => ({
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedXid: xid8('updated_xid').notNull().default(sql`pg_current_xact_id()`),
});

// ─── Catalogue ────────────────────────────────────────────────────────────────

export const countries = pgTable('countries', {
  id: id(),
  title: text('title').notNull().unique(),
  code: text('code').notNull().unique(),
  ...syncStamp(),
});

export const regions = pgTable('regions', {
  id: id(),
  title: text('title').notNull().unique(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
  image: text('image'),
  ...syncStamp(),
});

export const subregions = pgTable('subregions', {
  id: id(),
  title: text('title').notNull(),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id),
  /** Soil shares in percent (the winery page shows them). */
  slate: real('slate').notNull().default(0),
  clay: real('clay').notNull().default(0),
  mud: real('mud').notNull().default(0),
  lime: real('lime').notNull().default(0),
  sand: real('sand').notNull().default(0),
  chalk: real('chalk').notNull().default(0),
  ...syncStamp(),
});

export const classifications = pgTable('classifications', {
  id: id(),
  title: text('title').notNull().unique(),
  ...syncStamp(),
});

export const wineries = pgTable(
  'wineries',
  {
    id: id(),
    title: text('title').notNull(),
    titleUnidecoded: text('title_unidecoded').notNull(),
    description: text('description').notNull().default(''),
    /** Production in cases per year. */
    production: integer('production'),
    owner: text('owner'),
    address: text('address'),
    longitude: real('longitude'),
    latitude: real('latitude'),
    classificationId: integer('classification_id').references(() => classifications.id),
    logoImage: text('logo_image'),
    wineryImage: text('winery_image'),
    carouselImages: jsonb('carousel_images').$type<string[]>().notNull().default([]),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    subregionId: integer('subregion_id').references(() => subregions.id),
    grapeVarieties: text('grape_varieties'),
    promote: boolean('promote').notNull().default(false),
    ...syncStamp(),
  },
  (t) => [index('wineries_title_unidecoded_idx').on(t.titleUnidecoded)],
);

export const wineGroup = pgEnum('wine_group', ['ROTWEIN', 'CHAMPAGNER', 'WEISSWEIN']);

export const wines = pgTable(
  'wines',
  {
    id: id(),
    title: text('title').notNull(),
    titleUnidecoded: text('title_unidecoded').notNull(),
    /** LWIN-7 code of the wine. */
    lwin: text('lwin').notNull().unique(),
    group: wineGroup('group').notNull().default('ROTWEIN'),
    isFirstWine: boolean('is_first_wine').notNull().default(true),
    classificationId: integer('classification_id').references(() => classifications.id),
    image: text('image'),
    description: text('description').notNull().default(''),
    subregionId: integer('subregion_id').references(() => subregions.id),
    wineryId: integer('winery_id')
      .notNull()
      .references(() => wineries.id),
    ...syncStamp(),
  },
  (t) => [index('wines_winery_idx').on(t.wineryId)],
);

export const raters = pgTable('raters', {
  id: id(),
  title: text('title').notNull().unique(),
  image: text('image'),
  ...syncStamp(),
});

export const vintages = pgTable(
  'vintages',
  {
    id: id(),
    wineId: integer('wine_id')
      .notNull()
      .references(() => wines.id),
    year: integer('year').notNull(),
    title: text('title').notNull(),
    titleUnidecoded: text('title_unidecoded').notNull(),
    searchTitle: text('search_title').notNull(),
    /** LWIN-11 = LWIN-7 + vintage year. */
    lwin11: text('lwin11').notNull().unique(),
    image: text('image'),
    thumbnail: text('thumbnail'),
    videoUrl: text('video_url'),
    enPrimeurDeliveryDate: date('en_primeur_delivery_date'),
    production: integer('production'),
    alc: numeric('alc', { precision: 4, scale: 1 }),
    salesHeadline: text('sales_headline').notNull().default(''),
    description: text('description').notNull().default(''),
    usp: text('usp').notNull().default(''),
    statistics: jsonb('statistics').$type<Record<string, unknown>>().notNull().default({}),
    currentStandardBottlePriceNet: money('current_standard_bottle_price_net'),
    referenceChartImage: text('reference_chart_image'),
    referenceYear: integer('reference_year'),
    referenceDuration: integer('reference_duration').notNull().default(5),
    referenceRaterId: integer('reference_rater_id').references(() => raters.id),
    referenceScore: numeric('reference_score', { precision: 5, scale: 1 }),
    /** Historic performance of the reference vintage over referenceDuration years, percent. */
    referenceKpi: numeric('reference_kpi', { precision: 7, scale: 2 }),
    drinkingMaturityFrom: integer('drinking_maturity_from'),
    drinkingMaturityTo: integer('drinking_maturity_to'),
    takesRiskPrediction: integer('takes_risk_prediction'),
    wineloverVsInvestorPrediction: integer('winelover_vs_investor_prediction'),
    investmentHorizonPrediction: integer('investment_horizon_prediction'),
    auctionAveragePriceEurAdj: money('auction_average_price_eur_adj'),
    datetimeCreated: createdAt(),
    ...syncStamp(),
  },
  (t) => [
    index('vintages_wine_idx').on(t.wineId),
    index('vintages_title_unidecoded_idx').on(t.titleUnidecoded),
    index('vintages_year_idx').on(t.year),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => raters.id),
    score: numeric('score', { precision: 5, scale: 1 }).notNull(),
    description: text('description').notNull().default(''),
    highlight: boolean('highlight').notNull().default(false),
    drinkingMaturityFrom: integer('drinking_maturity_from'),
    minStorageDuration: integer('min_storage_duration'),
    ...syncStamp(),
  },
  (t) => [index('ratings_vintage_idx').on(t.vintageId)],
);

export const grapes = pgTable('grapes', {
  id: id(),
  title: text('title').notNull().unique(),
  ...syncStamp(),
});

export const grapePercentages = pgTable(
  'grape_percentages',
  {
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id, { onDelete: 'cascade' }),
    grapeId: integer('grape_id')
      .notNull()
      .references(() => grapes.id),
    perc: real('perc').notNull(),
    ...syncStamp(),
  },
  (t) => [primaryKey({ columns: [t.vintageId, t.grapeId] })],
);

export const gwsRecords = pgTable(
  'gws_records',
  {
    id: id(),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id, { onDelete: 'cascade' }),
    lwin: text('lwin').notNull(),
    lwin11: text('lwin11').notNull(),
    score: real('score').notNull(),
    date: date('date').notNull(),
    confidenceIndex: text('confidence_index'),
    journalistCount: integer('journalist_count'),
    isLivex1000: boolean('is_livex1000').notNull().default(false),
    livexSubindex: text('livex_subindex'),
    livexSubsubindex: text('livex_subsubindex'),
    priceUsd: money('price_usd'),
    exchangeRateUsdEur: numeric('exchange_rate_usd_eur', { precision: 8, scale: 4 }),
    ...syncStamp(),
  },
  (t) => [index('gws_records_lwin_idx').on(t.lwin), index('gws_records_vintage_idx').on(t.vintageId)],
);

/** Yearly market price history (`vintagePricing.history`). */
export const vintagePriceHistory = pgTable(
  'vintage_price_history',
  {
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    annualAvgEurAdj: money('annual_avg_eur_adj').notNull(),
    annualAvgUsd: money('annual_avg_usd'),
    ...syncStamp(),
  },
  (t) => [primaryKey({ columns: [t.vintageId, t.year] })],
);

export const valuationSource = pgEnum('valuation_source', [
  'WINE_SEARCHER_EUROPE_AVERAGE_EURO',
  'LIVEX_MID_PRICE',
  'MANUAL',
]);

export const valuations = pgTable(
  'valuations',
  {
    id: id(),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id, { onDelete: 'cascade' }),
    sourceOfValuation: valuationSource('source_of_valuation').notNull(),
    /** Value of a 0.75 l bottle in euro. */
    value: money('value').notNull(),
    datetimeCreated: timestamp('datetime_created', { withTimezone: true }).notNull().defaultNow(),
    ...syncStamp(),
  },
  (t) => [index('valuations_vintage_idx').on(t.vintageId, t.datetimeCreated)],
);

export const assortmentParts = pgTable('assortment_parts', {
  id: id(),
  vintageId: integer('vintage_id')
    .notNull()
    .references(() => vintages.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  amount: integer('amount').notNull(),
  year: integer('year'),
  ...syncStamp(),
});

export const bottleSizes = pgTable('bottle_sizes', {
  id: id(),
  title: text('title').notNull().unique(),
  /** Liter factor relative to one liter, e.g. 0.75 for a standard bottle, 1.5 for a magnum. */
  factorForLiterPrices: numeric('factor_for_liter_prices', { precision: 6, scale: 4 }).notNull(),
  ...syncStamp(),
});

export const offerers = pgTable('offerers', {
  id: id(),
  company: text('company').notNull(),
  email: text('email').notNull(),
});

export const offers = pgTable(
  'offers',
  {
    id: id(),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id),
    bottleSizeId: integer('bottle_size_id')
      .notNull()
      .references(() => bottleSizes.id),
    /** Bottles per original case. */
    caskOf: integer('cask_of').notNull().default(6),
    sellPriceBtl: money('sell_price_btl').notNull(),
    entityPriceNet: money('entity_price_net'),
    archived: boolean('archived').notNull().default(false),
    promoteOffer: boolean('promote_offer').notNull().default(false),
    onRequest: boolean('on_request').notNull().default(false),
    limitedAvailability: boolean('limited_availability').notNull().default(true),
    lifecycle: text('lifecycle').notNull().default('ACTIVE'),
    totalQuantityAvailable: integer('total_quantity_available').notNull().default(0),
    /** Cases a client sells from the depot (Zweitmarkt), listed by staff from a sell order. */
    secondaryMarket: boolean('secondary_market').notNull().default(false),
    /**
     * Whether a tranche has a case available (`offerAvailableCasesSql` > 0). Kept by the trigger
     * `offer_has_cases` on partial_offers (migration 0019), so "stocked" is a condition of the row
     * that an index holds; never written by the services.
     */
    hasCases: boolean('has_cases').notNull().default(false),
    datetimeCreated: createdAt(),
    ...syncStamp(),
  },
  (t) => [
    index('offers_vintage_idx').on(t.vintageId),
    index('offers_promote_idx').on(t.promoteOffer),
    // The offer search's order (newest first) over the offers it lists: a page reads its offers
    // in order instead of sorting all of them.
    index('offers_listed_newest_idx')
      .on(t.datetimeCreated.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archived} = false`),
    // The offer page's carousel: the newest and the oldest stocked offers, read from its ends.
    index('offers_stocked_newest_idx')
      .on(t.datetimeCreated.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archived} = false and ${t.onRequest} = false and ${t.hasCases} = true`),
  ],
);

/**
 * How many offers are stocked (not archived, not on request, a case available), one row kept by
 * the trigger `offer_stock_count` on offers (migration 0019): the offer page's count without a
 * count over the catalogue. Server-side bookkeeping, read by no client.
 */
export const offerStockSummary = pgTable('offer_stock_summary', {
  /** Always true: the table holds one row. */
  single: boolean('single').primaryKey().default(true),
  stockedOffers: integer('stocked_offers').notNull(),
});

/** A purchase tranche of an offer, bought from one offerer (negociant). */
export const partialOffers = pgTable(
  'partial_offers',
  {
    id: id(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    offererId: integer('offerer_id').references(() => offerers.id),
    /** Zweitmarkt: the client whose depot cases this tranche holds (instead of a supplier). */
    sellerUserId: integer('seller_user_id').references(() => users.id),
    buyPriceBtl: money('buy_price_btl').notNull(),
    /** Cases still available for sale. */
    quantityAvailable: integer('quantity_available').notNull().default(0),
    totalQuantityAvailable: integer('total_quantity_available').notNull().default(0),
    quantityOnInvoice: integer('quantity_on_invoice').notNull().default(0),
    datetimeCreated: createdAt(),
    datetimeProforma: timestamp('datetime_proforma', { withTimezone: true }),
    mrn: text('mrn'),
    proformaInvoiceNumberSourcing: text('proforma_invoice_number_sourcing'),
    invoiceNumberSourcing: text('invoice_number_sourcing'),
    paid: boolean('paid').notNull().default(false),
    livexTrade: text('livex_trade'),
    storageIds: text('storage_ids'),
    storageLocation: text('storage_location'),
    lifecycle: text('lifecycle').notNull().default('ACTIVE'),
    ...syncStamp(),
  },
  (t) => [index('partial_offers_offer_idx').on(t.offerId)],
);

// ─── Accounts ─────────────────────────────────────────────────────────────────

/** Gives the customer numbers (`src/domain/customer-number.ts`): WD-100001 onwards. */
export const customerNumberSequence = pgSequence('customer_number_seq', { startWith: 100001 });

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  /** "WD-100042", given when the account is created (registration, quote, seed) and never changed. */
  customerNumber: text('customer_number')
    .notNull()
    .unique()
    .default(sql`'WD-' || lpad(nextval('customer_number_seq')::text, 6, '0')`),
  passwordHash: text('password_hash').notNull(),
  salutation: text('salutation'),
  title: text('title'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  company: text('company'),
  phone: text('phone'),
  streetAndNumber: text('street_and_number'),
  addressSupplement: text('address_supplement'),
  postalCode: text('postal_code'),
  city: text('city'),
  country: text('country').notNull().default('DE'),
  taxId: text('tax_id'),
  /** USt-IdNr. of a business client ("DE123456789"): with a company name, its invoices are e-invoices. */
  vatId: text('vat_id'),
  newsletter: boolean('newsletter').notNull().default(false),
  isActive: boolean('is_active').notNull().default(false),
  isStaff: boolean('is_staff').notNull().default(false),
  isSuperuser: boolean('is_superuser').notNull().default(false),
  blockedByOrderCheck: boolean('blocked_by_order_check').notNull().default(false),
  /** LWIN-11 the client registered from (`/register/<lwin11>`). */
  registrationLwin: text('registration_lwin'),
  paymentCustomerId: text('payment_customer_id'),
  /** Raised on password change: tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  dateJoined: createdAt(),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  ...syncStamp(),
});

export const accountTokenPurpose = pgEnum('account_token_purpose', [
  'ACTIVATION',
  'PASSWORD_RESET',
  'EMAIL_CHANGE',
  /** Lifts the per-address sign-in ceiling (mailed to the owner when distributed guessing hit it). */
  'LOGIN_UNLOCK',
]);

/** Single-use, expiring tokens for account e-mails; only a SHA-256 hash is stored for secrets. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For EMAIL_CHANGE: the new address awaiting confirmation. */
    payload: text('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Sign-ins that hold a session (ASVS V7): every token carries its session's id and is accepted only
 * while the session has not ended, so a logout, "Abmelden" of a device or a password change ends the
 * token and its refresh at once on every server instance. Ended sessions stay (with the reason) so
 * that a later sign-in on the same device is known, not "new".
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random (UUID), carried in the token as `sid`. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Chrome 131 auf Windows", from the user agent at sign-in. */
    deviceLabel: text('device_label').notNull(),
    /** "203.0.x.x" (IPv4's first two octets) or the IPv6 /32; never the whole address. */
    coarseLocation: text('coarse_location').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the session's newest token expires (sign-in, then each refresh): past it, nothing can renew it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout | ended-by-user | ended-from-mail | password-changed */
    endedReason: text('ended_reason'),
    /** SHA-256 of the token in the new-device mail's link that ends this session. */
    endLinkHash: text('end_link_hash').unique(),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

// ─── Advice: investor profiles, proposals and manual quotes ───────────────────

export const profileSource = pgEnum('profile_source', ['WIZARD', 'MANUALLY']);

/**
 * A preferences profile. Source WIZARD is the client's own investor profile (with the
 * automatically composed portfolio); source MANUALLY is an adviser's manual quote, so manual
 * quotes and adviser offers are the same rows.
 */
export const preferencesProfiles = pgTable(
  'preferences_profiles',
  {
    id: id(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    datetime: timestamp('datetime', { withTimezone: true }).notNull().defaultNow(),
    source: profileSource('source').notNull(),
    wineloverVsInvestor: integer('winelover_vs_investor').notNull().default(50),
    investmentHorizon: integer('investment_horizon').notNull().default(15),
    takesRisk: integer('takes_risk').notNull().default(50),
    investmentSumIntended: money('investment_sum_intended').notNull().default('25000'),
    checkedAgbAndDsgvo: boolean('checked_agb_and_dsgvo').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    stocks: boolean('stocks').notNull().default(false),
    etfs: boolean('etfs').notNull().default(false),
    realestate: boolean('realestate').notNull().default(false),
    metals: boolean('metals').notNull().default(false),
    watches: boolean('watches').notNull().default(false),
    crypto: boolean('crypto').notNull().default(false),
    investmentSumPicked: money('investment_sum_picked'),
    bucket: text('bucket'),
    createdById: integer('created_by_id').references(() => users.id),
    invoiceId: integer('invoice_id'),
    ...syncStamp(),
  },
  (t) => [index('preferences_profiles_user_idx').on(t.userId, t.datetime)],
);

export const recommendedPositions = pgTable(
  'recommended_positions',
  {
    id: id(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => preferencesProfiles.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    amount: integer('amount').notNull(),
    caskOf: integer('cask_of').notNull(),
    sellPriceBtl: money('sell_price_btl').notNull(),
    /** Purchase price per bottle (EKP) the adviser calculated with. */
    ekpBtl: money('ekp_btl'),
    ...syncStamp(),
  },
  (t) => [index('recommended_positions_profile_idx').on(t.profileId)],
);

// ─── Orders, invoices, depot ──────────────────────────────────────────────────

export const orderPositions = pgTable(
  'order_positions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    amount: integer('amount').notNull(),
    conditionReport: boolean('condition_report').notNull().default(false),
    fromRecommendation: text('from_recommendation'),
    recommendedAmount: integer('recommended_amount'),
    /**
     * Price per bottle agreed in an adviser offer (source MANUALLY); the list and the binding
     * order use it instead of the offer's current sell price. Null: the catalogue price.
     */
    agreedPriceBtl: money('agreed_price_btl'),
    /**
     * The adviser offer's position the agreed price comes from: its price applies to at most its
     * recommended cases, once (list and non-cancelled invoices together).
     */
    recommendedPositionId: integer('recommended_position_id').references(() => recommendedPositions.id, {
      onDelete: 'set null',
    }),
    datetimeAdded: createdAt(),
    ...syncStamp(),
  },
  (t) => [index('order_positions_user_idx').on(t.userId)],
);

export const invoiceStage = pgEnum('invoice_stage', INVOICE_STAGE_KEYS);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    stage: invoiceStage('stage').notNull().default('CHECK_NEEDED'),
    invoiceDate: date('invoice_date'),
    /** Own invoice number, `YYYY-NNNN`. */
    invoiceNumber: text('invoice_number').unique(),
    paymentProvider: text('payment_provider'),
    providerInvoiceId: text('provider_invoice_id'),
    providerInvoiceNumber: text('provider_invoice_number'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdfViewPermissionToken: text('invoice_pdf_view_permission_token').notNull().unique(),
    productCategory: text('product_category').notNull().default('41200'),
    vintagesSum: money('vintages_sum').notNull().default('0'),
    logisticsSum: money('logistics_sum').notNull().default('0'),
    conditionReportSum: money('condition_report_sum').notNull().default('0'),
    upfrontStorageSum: money('upfront_storage_sum').notNull().default('0'),
    managementFeeMonthly: money('management_fee_monthly').notNull().default('0'),
    managementFeeYearly: money('management_fee_yearly').notNull().default('0'),
    overallSum: money('overall_sum').notNull().default('0'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the client has seen "Vielen Dank für Ihre Zahlung!" for this invoice (in any browser). */
    paymentThanksSeenAt: timestamp('payment_thanks_seen_at', { withTimezone: true }),
    /** SHA-256 fingerprint of the current storage certificate (all issued ones: `storage_certificates`). */
    certificateFingerprint: text('certificate_fingerprint').unique(),
    certificateIssuedAt: timestamp('certificate_issued_at', { withTimezone: true }),
    /** When staff cancelled the invoice (stage CANCELLED) and the reason the client was told. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /**
     * A payment result the provider reported after the cancellation (recorded, not applied):
     * staff check it in the back office (a paid one needs a refund).
     */
    lateProviderEventAt: timestamp('late_provider_event_at', { withTimezone: true }),
    lateProviderEventOutcome: text('late_provider_event_outcome'),
    /** When staff marked the refund of such a payment as done (open until then). */
    refundDoneAt: timestamp('refund_done_at', { withTimezone: true }),
    ...syncStamp(),
  },
  (t) => [index('invoices_user_idx').on(t.userId), index('invoices_stage_idx').on(t.stage)],
);

export const invoiceDocumentKind = pgEnum('invoice_document_kind', [
  /** Stornorechnung: cancels a numbered invoice in full. */
  'CANCELLATION',
  /** Schlussrechnung: the supply of en-primeur wine invoiced in advance, once booked into the warehouse. */
  'FINAL',
]);

/**
 * Documents issued about an invoice after it, each with its own number from the invoices' one
 * gapless series (`YYYY-NNNN`, allocated with the invoices' numbers): the cancellation invoice of a
 * numbered invoice staff cancelled, and the final invoice of an en-primeur advance payment. The
 * lines are the invoice's own (negated on a cancellation); nothing else is stored.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: id(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    kind: invoiceDocumentKind('kind').notNull(),
    number: text('number').notNull().unique(),
    /** The document's date, `YYYY-MM-DD` (Europe/Berlin). */
    issuedOn: date('issued_on').notNull(),
    /** Final invoice: the day the en-primeur cases were booked into the warehouse (day of supply). */
    suppliedOn: date('supplied_on'),
    createdAt: createdAt(),
    ...syncStamp(),
  },
  (t) => [
    uniqueIndex('invoice_documents_invoice_kind_idx').on(t.invoiceId, t.kind),
    index('invoice_documents_updated_xid_idx').on(t.updatedXid),
  ],
);

/**
 * Every storage certificate ever issued, so that a printed one keeps verifying after a newer one
 * replaced it (the client's name or the storage ids changed). `content` is what the certificate
 * said; its SHA-256 is the fingerprint. Rows from before this table have no content (see
 * `verifyCertificate`).
 */
export const storageCertificates = pgTable(
  'storage_certificates',
  {
    fingerprint: text('fingerprint').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    content: jsonb('content').$type<Record<string, unknown>>(),
    ...syncStamp(),
  },
  (t) => [index('storage_certificates_invoice_idx').on(t.invoiceId)],
);

export const invoicePositions = pgTable(
  'invoice_positions',
  {
    id: id(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id),
    bottleSizeId: integer('bottle_size_id')
      .notNull()
      .references(() => bottleSizes.id),
    amount: integer('amount').notNull(),
    caskOf: integer('cask_of').notNull(),
    /** Price per bottle the client pays (snapshot at order time). */
    buyPriceBtl: money('buy_price_btl').notNull(),
    conditionReport: boolean('condition_report').notNull().default(false),
    /** Cases reserved per purchase tranche at the availability check (CHECK_DONE). */
    reservedTranches: jsonb('reserved_tranches').$type<{ partialOfferId: number; cases: number }[]>(),
    /** The adviser offer's position whose agreed price this position uses (see `order_positions`). */
    recommendedPositionId: integer('recommended_position_id').references(() => recommendedPositions.id, {
      onDelete: 'set null',
    }),
    ...syncStamp(),
  },
  (t) => [index('invoice_positions_invoice_idx').on(t.invoiceId)],
);

export const depotPositions = pgTable(
  'depot_positions',
  {
    id: id(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id),
    offerId: integer('offer_id').references(() => offers.id),
    partialOfferId: integer('partial_offer_id').references(() => partialOffers.id),
    invoicePositionId: integer('invoice_position_id').references(() => invoicePositions.id),
    bottleSizeId: integer('bottle_size_id')
      .notNull()
      .references(() => bottleSizes.id),
    /** Number of cases. */
    amount: integer('amount').notNull(),
    caskOf: integer('cask_of').notNull(),
    buyPriceBtl: money('buy_price_btl').notNull(),
    storageId: text('storage_id'),
    mrn: text('mrn'),
    mrnDate: date('mrn_date'),
    conditionReportPdf: text('condition_report_pdf'),
    /** Zweitmarkt: the sell order that offers (FOR_SALE) or sold (SOLD) these cases. */
    sellOrderId: integer('sell_order_id'),
    ...syncStamp(),
  },
  (t) => [
    index('depot_positions_owner_idx').on(t.ownerId),
    index('depot_positions_po_idx').on(t.partialOfferId),
  ],
);

export const depotStatus = pgEnum('depot_status', ['PURCHASED', 'SHIPPING', 'IN_BOND', 'FOR_SALE', 'SOLD']);

export const depotPositionStatuses = pgTable(
  'depot_position_statuses',
  {
    id: id(),
    depotPositionId: integer('depot_position_id')
      .notNull()
      .references(() => depotPositions.id, { onDelete: 'cascade' }),
    status: depotStatus('status').notNull(),
    datetimeStatusUpdate: timestamp('datetime_status_update', { withTimezone: true }).notNull(),
    ...syncStamp(),
  },
  (t) => [index('depot_position_statuses_position_idx').on(t.depotPositionId, t.datetimeStatusUpdate)],
);

// ─── Academy, blog, brand ─────────────────────────────────────────────────────

export const academyVideos = pgTable('academy_videos', {
  id: id(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  videoUrl: text('video_url').notNull(),
  thumbnail: text('thumbnail'),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  datetimePublished: timestamp('datetime_published', { withTimezone: true }).notNull(),
  vintageId: integer('vintage_id').references(() => vintages.id),
  wineryId: integer('winery_id').references(() => wineries.id),
  regionId: integer('region_id').references(() => regions.id),
  ...syncStamp(),
});

export const academyKeywords = pgTable('academy_keywords', {
  id: id(),
  title: text('title').notNull().unique(),
  ...syncStamp(),
});

export const academyVideoKeywords = pgTable(
  'academy_video_keywords',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => academyVideos.id, { onDelete: 'cascade' }),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => academyKeywords.id, { onDelete: 'cascade' }),
    ...syncStamp(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.keywordId] })],
);

export const blogPosts = pgTable('blog_posts', {
  id: id(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  intro: text('intro').notNull().default(''),
  body: text('body').notNull(),
  image: text('image'),
  firstPublishedAt: timestamp('first_published_at', { withTimezone: true }).notNull(),
  ...syncStamp(),
});

export const brandImages = pgTable('brand_images', {
  id: id(),
  title: text('title').notNull().unique(),
  image: text('image').notNull(),
  ...syncStamp(),
});

// ─── Requests from clients ────────────────────────────────────────────────────

export const contactRequests = pgTable('contact_requests', {
  id: id(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  profileUid: uuid('profile_uid'),
  salutation: text('salutation').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  privacyAccepted: boolean('privacy_accepted').notNull(),
  callback: boolean('callback').notNull().default(false),
  callbackAt: timestamp('callback_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const referrals = pgTable('referrals', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  salutation: text('salutation').notNull(),
  formOfAddress: text('form_of_address').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** "Inform me first" requests for sold-out wines, one per user and vintage. */
export const soldOutRequests = pgTable(
  'sold_out_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    ...syncStamp(),
  },
  (t) => [uniqueIndex('sold_out_requests_user_vintage_idx').on(t.userId, t.vintageId)],
);

// ─── Infrastructure ───────────────────────────────────────────────────────────

export const outboxStatus = pgEnum('outbox_status', ['PENDING', 'DONE', 'DEAD', 'SKIPPED']);

/**
 * Side effects (mail, webhook, push) written in the same transaction as the state change and
 * delivered by `server/jobs/outbox-dispatcher.ts`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: outboxStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** `X-Request-Id` of the request whose change wrote the row (null for jobs and older rows). */
    requestId: text('request_id'),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/** Client mutation ids already applied, so a replayed offline mutation has exactly one effect. */
export const processedMutations = pgTable(
  'processed_mutations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientMutationId: text('client_mutation_id').notNull(),
    operation: text('operation').notNull(),
    /** SHA-256 of the operation's arguments: a reused id with other arguments is refused, not replayed. */
    argumentsHash: text('arguments_hash'),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientMutationId] })],
);

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
});

/** Webhook events of the payment provider already handled (de-duplication by event id). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** The invoice the event was about and its outcome ('paid' | 'failed'), when known. */
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    /** What happened: applied, ignored, unknown-invoice, or after-cancellation (flagged for staff). */
    result: text('result'),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Every change made by staff: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    at: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

// ─── Zweitmarkt (secondary market) ───────────────────────────────────────────

export const sellOrderStatus = pgEnum('sell_order_status', [
  'REQUESTED',
  'LISTED',
  'SOLD',
  'CANCELLED',
  'REJECTED',
]);

/**
 * A client's request to sell cases from the depot. Staff list it as an offer of its own (one
 * tranche naming the seller); a buyer's payment settles it. Money columns are per bottle or totals
 * of the cases sold so far.
 */
export const sellOrders = pgTable(
  'sell_orders',
  {
    id: id(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    /** The depot position holding the offered cases (status FOR_SALE while offered). */
    depotPositionId: integer('depot_position_id')
      .notNull()
      .references(() => depotPositions.id),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => vintages.id),
    bottleSizeId: integer('bottle_size_id')
      .notNull()
      .references(() => bottleSizes.id),
    caskOf: integer('cask_of').notNull(),
    cases: integer('cases').notNull(),
    casesSold: integer('cases_sold').notNull().default(0),
    /** The seller's asking price per bottle (the proceeds are computed from it). */
    askPriceBtl: money('ask_price_btl').notNull(),
    /** The buyer's price per bottle set by staff when listing (default: the asking price). */
    sellPriceBtl: money('sell_price_btl'),
    status: sellOrderStatus('status').notNull().default('REQUESTED'),
    offerId: integer('offer_id').references(() => offers.id),
    partialOfferId: integer('partial_offer_id').references(() => partialOffers.id),
    rejectReason: text('reject_reason'),
    proceedsGross: money('proceeds_gross'),
    commission: money('commission'),
    proceedsNet: money('proceeds_net'),
    /** Token of the settlement PDF link (`/settlement/<token>`) and the PDF's SHA-256 fingerprint. */
    settlementToken: text('settlement_token').unique(),
    settlementFingerprint: text('settlement_fingerprint'),
    createdAt: createdAt(),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...syncStamp(),
  },
  (t) => [
    index('sell_orders_seller_idx').on(t.sellerId),
    index('sell_orders_status_idx').on(t.status),
    index('sell_orders_partial_offer_idx').on(t.partialOfferId),
  ],
);

// ─── Delta sync ───────────────────────────────────────────────────────────────

/**
 * One row per deleted row of a synced table (written by the delete trigger `sync_tombstone` of
 * migration 0009), so that `syncChanges` can tell a client which ids are gone. `parentId` names
 * the entity a dependent row belonged to (the depot position of a status), `ownerId` the client
 * whose row it was (null: catalogue data every client sees). A row whose owner changes leaves a
 * tombstone for the previous owner too.
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tableName: text('table_name').notNull(),
    /** The deleted row's id; null for a dependent row without an integer id (a grape share). */
    rowId: integer('row_id'),
    parentId: integer('parent_id'),
    ownerId: integer('owner_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedXid: xid8('deleted_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index('sync_tombstones_xid_idx').on(t.deletedXid, t.tableName)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every document the portal issues (invoice, cancellation and final invoice, storage certificate,
 * Zweitmarkt settlement), as the bytes it was issued with: each download returns these, so the same
 * document is always the same file and its SHA-256 stays what `/verify/<id>` shows. `subject` names
 * what the document states (one per state: a certificate's content fingerprint, an invoice
 * document's id), `series` the documents that replace each other (an invoice's certificates, a
 * sell order's settlements); in a series the newest is current and the others are superseded.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    /** The short id printed in the document and its QR code (`/verify/<id>`). */
    id: text('id').primaryKey(),
    kind: text('kind').notNull().$type<'INVOICE' | 'CANCELLATION' | 'FINAL' | 'CERTIFICATE' | 'SETTLEMENT'>(),
    subject: text('subject').notNull(),
    series: text('series').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** Lower-case hex SHA-256 of `pdf`. */
    sha256: text('sha256').notNull(),
    pdf: bytea('pdf').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issued_documents_kind_subject_idx').on(t.kind, t.subject),
    index('issued_documents_series_idx').on(t.series, t.issuedAt),
    index('issued_documents_sha256_idx').on(t.sha256),
  ],
);

// ─── Warehouse reconciliation (Lagerabgleich) ─────────────────────────────────

/**
 * A stock report of the bonded warehouse as it arrived: the CSV's bytes exactly (the signature
 * covers them), the detached Ed25519 signature, and what the reconciliation against the ledger
 * found at import time, so a report's verdict stays as it was when the ledger moves on.
 */
export const warehouseStockReports = pgTable(
  'warehouse_stock_reports',
  {
    id: id(),
    /** The report's `as_of` (one day for the whole file). */
    asOf: date('as_of').notNull(),
    /** `UPLOAD` (staff in the back office) or `API` (posted by the warehouse's system). */
    source: text('source').notNull().$type<'UPLOAD' | 'API' | 'SEED' | 'DEMO'>(),
    importedById: integer('imported_by_id').references(() => users.id, { onDelete: 'set null' }),
    csv: bytea('csv').notNull(),
    /** Base64 of the 64-byte signature. */
    signature: text('signature').notNull(),
    /** Lower-case hex SHA-256 of `csv`. */
    sha256: text('sha256').notNull(),
    lots: integer('lots').notNull(),
    casesTotal: integer('cases_total').notNull(),
    matchedCases: integer('matched_cases').notNull(),
    /** Cases owed but not yet in the warehouse (bought, shipping, en primeur) when imported. */
    notYetInWarehouse: jsonb('not_yet_in_warehouse')
      .$type<
        {
          depotPositionId: number;
          customerNumber: string;
          lwin11: string;
          cases: number;
          state: 'PURCHASED' | 'SHIPPING' | 'EN_PRIMEUR';
        }[]
      >()
      .notNull()
      .default([]),
    importedAt: createdAt(),
  },
  (t) => [index('warehouse_stock_reports_as_of_idx').on(t.asOf, t.id)],
);

export const warehouseStockLots = pgTable(
  'warehouse_stock_lots',
  {
    id: id(),
    reportId: integer('report_id')
      .notNull()
      .references(() => warehouseStockReports.id, { onDelete: 'cascade' }),
    lotId: text('lot_id').notNull(),
    lwin11: text('lwin11').notNull(),
    bottleSizeMl: integer('bottle_size_ml').notNull(),
    bottlesPerCase: integer('bottles_per_case').notNull(),
    cases: integer('cases').notNull(),
    ownerRef: text('owner_ref').notNull(),
    mrn: text('mrn').notNull(),
    asOf: date('as_of').notNull(),
  },
  (t) => [uniqueIndex('warehouse_stock_lots_report_lot_idx').on(t.reportId, t.lotId)],
);

export const warehouseDiscrepancyKind = pgEnum('warehouse_discrepancy_kind', [
  'MISSING_IN_WAREHOUSE',
  'NOT_OWED',
  'OWNER_DIFFERS',
  'WINE_DIFFERS',
  'COUNT_DIFFERS',
]);

export const warehouseDiscrepancies = pgTable(
  'warehouse_discrepancies',
  {
    id: id(),
    reportId: integer('report_id')
      .notNull()
      .references(() => warehouseStockReports.id, { onDelete: 'cascade' }),
    kind: warehouseDiscrepancyKind('kind').notNull(),
    /** Null for a case owed without any storage id. */
    lotId: text('lot_id'),
    lwin11: text('lwin11').notNull(),
    /** The ledger's owner; the warehouse's `owner_ref` where the ledger owes the lot to nobody. */
    customerNumber: text('customer_number'),
    ledgerCases: integer('ledger_cases').notNull(),
    warehouseCases: integer('warehouse_cases').notNull(),
    depotPositionId: integer('depot_position_id'),
  },
  (t) => [index('warehouse_discrepancies_report_idx').on(t.reportId)],
);

// ─── Holdings proof (Bestandsnachweis, docs/holdings-proof.md) ────────────────

/**
 * The published snapshots, one row per record: the columns are the record's fields in snake_case,
 * plus its hash and signature. Append-only: a trigger refuses UPDATE and DELETE, and the unique
 * `previous_snapshot_hash` lets only one snapshot follow another, so the chain cannot fork.
 */
export const holdingsSnapshots = pgTable(
  'holdings_snapshots',
  {
    snapshotHash: text('snapshot_hash').primaryKey(),
    version: integer('version').notNull(),
    date: date('date').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    rootHash: text('root_hash'),
    totalCases: bigint('total_cases', { mode: 'number' }).notNull(),
    totalBottles: bigint('total_bottles', { mode: 'number' }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    warehouseReportSha256: text('warehouse_report_sha256'),
    warehouseReportAsOf: date('warehouse_report_as_of'),
    warehouseCasesForClients: integer('warehouse_cases_for_clients'),
    discrepancies: jsonb('discrepancies')
      .$type<{ critical: number | null; other: number | null }>()
      .notNull(),
    previousSnapshotHash: text('previous_snapshot_hash').unique(),
    signature: text('signature').notNull(),
  },
  (t) => [index('holdings_snapshots_date_idx').on(t.date, t.takenAt)],
);

/** A snapshot's leaves in commitment order (pseudonymous: no customer number, kept for good). */
export const holdingsSnapshotLeaves = pgTable(
  'holdings_snapshot_leaves',
  {
    snapshotHash: text('snapshot_hash')
      .notNull()
      .references(() => holdingsSnapshots.snapshotHash),
    leafIndex: integer('leaf_index').notNull(),
    commitment: text('commitment').notNull(),
    leafHash: text('leaf_hash').notNull(),
    sum: bigint('sum', { mode: 'number' }).notNull(),
    holdings: jsonb('holdings')
      .$type<{ lwin11: string; bottleSizeMl: number; cases: number; lotIds: string[] }[]>()
      .notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotHash, t.leafIndex] }),
    uniqueIndex('holdings_snapshot_leaves_commitment_idx').on(t.snapshotHash, t.commitment),
  ],
);

/** The tree's inner nodes (level 1 up to the root), for the paths and the audit package. */
export const holdingsSnapshotNodes = pgTable(
  'holdings_snapshot_nodes',
  {
    snapshotHash: text('snapshot_hash')
      .notNull()
      .references(() => holdingsSnapshots.snapshotHash),
    level: integer('level').notNull(),
    nodeIndex: integer('node_index').notNull(),
    hash: text('hash').notNull(),
    sum: bigint('sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotHash, t.level, t.nodeIndex] })],
);

/**
 * Which client a leaf belongs to: the nonce behind its commitment. Deleted when the account is
 * closed, after which its leaves can no longer be linked to it.
 */
export const holdingsProofNonces = pgTable(
  'holdings_proof_nonces',
  {
    snapshotHash: text('snapshot_hash')
      .notNull()
      .references(() => holdingsSnapshots.snapshotHash),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    leafIndex: integer('leaf_index').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotHash, t.userId] }),
    index('holdings_proof_nonces_user_idx').on(t.userId),
  ],
);

/** An auditor's attestation of a snapshot (a PDF link, entered by staff); the snapshot never changes. */
export const holdingsSnapshotAttestations = pgTable('holdings_snapshot_attestations', {
  id: id(),
  snapshotHash: text('snapshot_hash')
    .notNull()
    .references(() => holdingsSnapshots.snapshotHash),
  auditor: text('auditor').notNull(),
  pdfUrl: text('pdf_url').notNull(),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
