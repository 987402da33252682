import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { decimalToCents } from '../src/domain/money';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from '../src/domain/order-costs';
import { type CompanyDetails, companyDetails } from './company';
import { loadSigningIdentity, type SigningIdentity } from './pdf/signature';
import { writeFileDurablySync } from './services/durable-file';
import {
  generateProofSigningKey,
  isProofSigningKey,
  proofPublicKeyOf,
} from './services/holdings-proof-signing';
import { defaultPasswordHashing, type PasswordHashingOptions } from './services/passwords';
import { generateWarehouseKeyPair, isRawKey, type WarehouseKeyPair } from './services/warehouse-signature';

/** Everything the server can be configured with; only environment variables feed it (see README). */
/** How long the catalogue cache serves rows without a confirming check. */
export const DEFAULT_CATALOGUE_CACHE_TTL_MS = 2_000;
/** The depot-read cache's bound, in positions held over all clients. */
export const DEFAULT_DEPOT_READ_CACHE_POSITIONS = 20_000;

export interface ServerConfig {
  port: number;
  /**
   * Server processes sharing the port (`WEB_CONCURRENCY`, default 1): one per core on Postgres.
   * PGlite is a database inside one process, so more than one needs `DATABASE_URL`.
   */
  processes: number;
  host: string;
  dataDir: string;
  /** Postgres connection string; without it the embedded PGlite in `dataDir/db` is used. */
  databaseUrl: string | undefined;
  /** Origin used in links inside e-mails (activation, password reset). */
  publicUrl: string;
  jwtSecret: string;
  /** Lifetime of a session token in seconds. */
  jwtTtlSeconds: number;
  /** Longest a session may be kept alive by `refreshToken` from its sign-in, in seconds. */
  jwtSessionMaxSeconds: number;
  /**
   * How long catalogue rows (vintages, wines, wineries, regions, bottle sizes, ratings) stay in the
   * process's cache before they are read again (`CATALOGUE_CACHE_TTL_MS`, default 2000; 0 turns
   * the cache off): the longest time another instance's catalogue change stays unseen.
   */
  catalogueCacheTtlMs: number;
  /**
   * Positions of client depots kept in the process's depot-read cache, validated against the
   * database on every request (`DEPOT_READ_CACHE_POSITIONS`, default 20000; 0 turns it off; see
   * graphql/depot-read-cache.ts).
   */
  depotReadCachePositions: number;
  /** Whether the hot reads run through graphql-jit (`GRAPHQL_JIT`, default on; see yoga.ts). */
  graphqlJit: boolean;
  /** Whether GraphQL introspection is answered (`GRAPHQL_INTROSPECTION`; off in production by default). */
  graphqlIntrospection: boolean;
  /** Which proxies' `X-Forwarded-*` headers are believed (`TRUST_PROXY`; Fastify's `trustProxy`). */
  trustProxy: boolean | number | string;
  /** `auto`: HSTS on requests that arrived over TLS (also behind a trusted proxy); `on`: always; `off`. */
  hsts: 'auto' | 'on' | 'off';
  /**
   * Origins a browser may call the API from across origins (CORS): the portal's own (`PUBLIC_URL`)
   * and those of `CORS_ORIGINS`; every other origin gets no CORS headers.
   */
  corsOrigins: string[];
  /** Whether the PWA's source maps (`*.map`) are served (`SERVE_SOURCE_MAPS`, default off). */
  serveSourceMaps: boolean;
  /**
   * Longest time a client may take to send a whole request (headers and body), and how long a
   * connection may stay silent, in milliseconds (`REQUEST_TIMEOUT_SECONDS`, default 30).
   */
  requestTimeoutMs: number;
  /**
   * `host:port` pairs a push endpoint may name although they are no public https host
   * (`PUSH_ENDPOINT_ALLOWLIST`, empty by default; tests deliver to a listener on 127.0.0.1).
   */
  pushEndpointAllowlist: string[];
  /** Origins of the configured map tile layers, allowed by the Content-Security-Policy. */
  mapTileOrigins: string[];
  /**
   * Who may frame the embeddable chart `/embed/*` (`EMBED_ORIGINS`, CSP `frame-ancestors` sources
   * separated by spaces or commas; default `'self'`). Every other route may be framed by no one.
   */
  embedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Address shown in German error texts ("melden Sie sich gerne unter …"). */
  supportEmail: string;
  /** Directory holding the production build of the PWA. */
  distDir: string;
  /**
   * Whether `npm start` builds the PWA into `distDir` when it is missing or stale (`BUILD_PWA`,
   * default on; off for an API-only process whose PWA is served elsewhere, e.g. from a CDN).
   */
  buildPwa: boolean;
  /** Generated demo media (images, videos); served under /media. */
  mediaDir: string;
  mailDir: string;
  /** VAPID key pair and contact of the Web Push sender. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Automation webhooks of contact requests, referrals and sold-out requests; unset = delivery skipped. */
  webhooks: { contact: string | undefined; referral: string | undefined; soldOut: string | undefined };
  /** Per-case fees and the management-fee rate of the cost summary (`FEE_*`). */
  fees: FeeSchedule;
  /** The business issuing invoices, settlements and certificates (`COMPANY_*`; required in production). */
  company: CompanyDetails;
  /** `local` (hosted page at /pay, signed webhook) or `stripe`. */
  paymentProvider: 'local' | 'stripe';
  /** HMAC secret of the local provider's webhook (`PAYMENT_WEBHOOK_SECRET` or generated). */
  paymentWebhookSecret: string;
  /** HMAC secret of the signed video addresses under `/media/videos/` (`MEDIA_URL_SECRET` or generated). */
  mediaUrlSecret: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Another Stripe API origin (e.g. a local stand-in), `STRIPE_API_URL`. */
  stripeApiUrl: string | undefined;
  /**
   * Outbox dispatcher: how long a claimed row stays hidden from other dispatchers (and, after a
   * crash, until it is delivered again), the first retry delay (doubling) and the tries before DEAD.
   */
  outbox: { leaseMs: number; retryBaseMs: number; maxAttempts: number };
  /**
   * PDF rendering in worker threads (`PDF_WORKERS`, default 2; `PDF_QUEUE_LIMIT`, default 20;
   * `PDF_TIME_BUDGET_SECONDS` per document, default 15).
   */
  pdf: { workers: number; queueLimit: number; timeBudgetMs: number };
  /**
   * Signs every issued document: `DOCUMENT_SIGNING_P12` (path of a PKCS#12 file) with
   * `DOCUMENT_SIGNING_PASSPHRASE`, else a self-signed certificate generated into `DATA_DIR`.
   */
  documentSigning: SigningIdentity;
  /**
   * Password hashing (sign-in, registration, reset) behind a bounded queue
   * (`PASSWORD_HASH_CONCURRENCY`, default one per core; `PASSWORD_HASH_QUEUE_LIMIT`, default 200).
   */
  passwordHashing: PasswordHashingOptions;
  /**
   * Bearer token `GET /metrics` requires from every address (`METRICS_TOKEN`); without it only
   * requests from this host itself (loopback, not relayed by a proxy) may read the metrics.
   */
  metricsToken: string | undefined;
  /**
   * The bonded warehouse's stock reports: the Ed25519 public key their signatures are checked with
   * (`WAREHOUSE_PUBLIC_KEY`, base64 of the raw 32 bytes). Without it (refused in production) the
   * demo warehouse's key pair generated into `DATA_DIR/secrets.json` stands in, and `demoKeys`
   * holds it for `npm run warehouse:report` / `warehouse:sign` and the seed.
   */
  warehouse: { publicKey: string; demoKeys: WarehouseKeyPair | undefined };
  /** Who is mailed when a stock report misses a case owed to a client (`OPERATIONS_EMAIL`). */
  operationsEmail: string;
  /**
   * The daily holdings proof (docs/holdings-proof.md): the business's Ed25519 key
   * (`PROOF_SIGNING_KEY`, base64 of the raw 32-byte private key; generated into
   * `DATA_DIR/secrets.json` without it), its public key, and the time of day in Europe/Berlin the
   * daily snapshot is taken (`PROOF_SNAPSHOT_TIME`, `HH:MM`, default 02:00).
   */
  holdingsProof: { signingKey: string; publicKey: string; snapshotTime: { hour: number; minute: number } };
  /** Lowest level of the JSON log (`LOG_LEVEL`: fatal, error, warn, info, debug, trace, silent; default info). */
  logLevel: LogLevel;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

interface StoredSecrets {
  jwtSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
  paymentWebhookSecret: string;
  mediaUrlSecret: string;
  documentSigningPassphrase: string;
  /** The demo warehouse's key pair, only while `WAREHOUSE_PUBLIC_KEY` is not set. */
  warehouseDemoPublicKey?: string;
  warehouseDemoPrivateKey?: string;
  /** The holdings proof's Ed25519 private key, only while `PROOF_SIGNING_KEY` is not set. */
  proofSigningKey?: string;
}

/**
 * Secrets not given by the environment are generated once and kept in `DATA_DIR/secrets.json`;
 * a secret added in a later version is generated into an existing file without touching the others.
 */
function loadOrCreateSecrets(dataDir: string, warehouseDemo: boolean, proofKeyGiven: boolean): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<StoredSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const vapid = stored.vapidPublicKey && stored.vapidPrivateKey ? null : webpush.generateVAPIDKeys();
  const demoWarehouse =
    !warehouseDemo || (stored.warehouseDemoPublicKey && stored.warehouseDemoPrivateKey)
      ? null
      : generateWarehouseKeyPair();
  const secrets: StoredSecrets = {
    ...(warehouseDemo
      ? {
          warehouseDemoPublicKey: stored.warehouseDemoPublicKey ?? demoWarehouse?.publicKey,
          warehouseDemoPrivateKey: stored.warehouseDemoPrivateKey ?? demoWarehouse?.privateKey,
        }
      : {}),
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    vapidPublicKey: stored.vapidPublicKey ?? vapid?.publicKey ?? '',
    vapidPrivateKey: stored.vapidPrivateKey ?? vapid?.privateKey ?? '',
    paymentWebhookSecret: stored.paymentWebhookSecret ?? randomBytes(32).toString('base64url'),
    mediaUrlSecret: stored.mediaUrlSecret ?? randomBytes(32).toString('base64url'),
    documentSigningPassphrase: stored.documentSigningPassphrase ?? randomBytes(24).toString('base64url'),
    ...(proofKeyGiven ? {} : { proofSigningKey: stored.proofSigningKey ?? generateProofSigningKey() }),
  };
  if (JSON.stringify({ ...stored, ...secrets }) !== JSON.stringify(stored)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileDurablySync(file, `${JSON.stringify({ ...stored, ...secrets }, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

function nonNegative(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

/** `WAREHOUSE_PUBLIC_KEY`, checked; without it outside production the demo warehouse's key. */
function warehouseKeyOf(env: NodeJS.ProcessEnv): string | undefined {
  const warehousePublicKey = env.WAREHOUSE_PUBLIC_KEY?.trim() || undefined;
  if (warehousePublicKey && !isRawKey(warehousePublicKey)) {
    throw new Error(
      'WAREHOUSE_PUBLIC_KEY muss der öffentliche Ed25519-Schlüssel des Lagers sein (Base64 der 32 Bytes).',
    );
  }
  if (!warehousePublicKey && env.NODE_ENV === 'production') {
    // The demo warehouse signs whatever its key holder likes: a production portal would then
    // confirm cases no warehouse has seen.
    throw new Error(
      'NODE_ENV=production braucht WAREHOUSE_PUBLIC_KEY: ohne den Schlüssel des Lagers lässt sich kein Bestandsbericht prüfen (siehe README).',
    );
  }
  return warehousePublicKey;
}

/** The fees of orders and storage (`FEE_*`, euros); the rest of the schedule is fixed. */
function feeSchedule(env: NodeJS.ProcessEnv): ServerConfig['fees'] {
  return {
    logisticsPerCaseCents: euroCents(env.FEE_LOGISTICS_PER_CASE, DEFAULT_FEE_SCHEDULE.logisticsPerCaseCents),
    upfrontStoragePerCaseCents: euroCents(
      env.FEE_UPFRONT_STORAGE_PER_CASE,
      DEFAULT_FEE_SCHEDULE.upfrontStoragePerCaseCents,
    ),
    conditionReportPerCaseCents: euroCents(
      env.FEE_CONDITION_REPORT_PER_CASE,
      DEFAULT_FEE_SCHEDULE.conditionReportPerCaseCents,
    ),
    managementFeeBasisPoints: DEFAULT_FEE_SCHEDULE.managementFeeBasisPoints,
    vatBasisPoints: DEFAULT_FEE_SCHEDULE.vatBasisPoints,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
    // Falling back to the local test provider would let clients "pay" with test cards.
    throw new Error('PAYMENT_PROVIDER=stripe braucht STRIPE_SECRET_KEY (und STRIPE_WEBHOOK_SECRET).');
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_WEBHOOK_SECRET) {
    // Without it /webhooks/stripe cannot verify events: paid invoices would stay unpaid.
    throw new Error(
      'PAYMENT_PROVIDER=stripe braucht STRIPE_WEBHOOK_SECRET: ohne das Signaturgeheimnis des Webhooks kommen keine Zahlungen an.',
    );
  }
  const company = companyDetails(env);
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const processes = processCount(env.WEB_CONCURRENCY);
  if (processes > 1 && !env.DATABASE_URL) {
    throw new Error(
      `WEB_CONCURRENCY=${processes} braucht DATABASE_URL (Postgres): die eingebaute Datenbank (PGlite) kann nur ein Prozess öffnen.`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR ?? './var');
  const warehousePublicKey = warehouseKeyOf(env);
  const proofSigningKey = env.PROOF_SIGNING_KEY?.trim() || undefined;
  const secrets = loadOrCreateSecrets(dataDir, !warehousePublicKey, Boolean(proofSigningKey));
  const demoKeys =
    secrets.warehouseDemoPublicKey && secrets.warehouseDemoPrivateKey
      ? { publicKey: secrets.warehouseDemoPublicKey, privateKey: secrets.warehouseDemoPrivateKey }
      : undefined;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    processes,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    corsOrigins: corsOrigins(publicUrl, env.CORS_ORIGINS),
    serveSourceMaps: flag(env.SERVE_SOURCE_MAPS, false),
    requestTimeoutMs: seconds(env.REQUEST_TIMEOUT_SECONDS, 30) * 1000,
    pushEndpointAllowlist: (env.PUSH_ENDPOINT_ALLOWLIST ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    jwtSecret: env.JWT_SECRET ?? secrets.jwtSecret,
    jwtTtlSeconds: Number.parseInt(env.JWT_TTL_SECONDS ?? String(7 * 24 * 3600), 10),
    jwtSessionMaxSeconds: Number.parseInt(env.JWT_SESSION_MAX_SECONDS ?? String(30 * 24 * 3600), 10),
    catalogueCacheTtlMs: nonNegative(env.CATALOGUE_CACHE_TTL_MS, DEFAULT_CATALOGUE_CACHE_TTL_MS),
    depotReadCachePositions: nonNegative(env.DEPOT_READ_CACHE_POSITIONS, DEFAULT_DEPOT_READ_CACHE_POSITIONS),
    graphqlJit: flag(env.GRAPHQL_JIT, true),
    graphqlIntrospection: flag(
      env.GRAPHQL_INTROSPECTION,
      env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
    ),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    hsts: env.HSTS === 'on' || env.HSTS === 'off' ? env.HSTS : 'auto',
    mapTileOrigins: [env.VITE_SATELLITE_TILES_URL, env.VITE_TERRAIN_TILES_URL].flatMap(originOf),
    embedOrigins: embedOrigins(env.EMBED_ORIGINS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Weindepot <service@weindepot.example>',
    supportEmail: env.SUPPORT_EMAIL ?? 'service@weindepot.example',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    buildPwa: !['0', 'false', 'off'].includes((env.BUILD_PWA ?? '').trim().toLowerCase()),
    mediaDir: path.join(dataDir, 'media'),
    mailDir: path.join(dataDir, 'mail'),
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY ?? secrets.vapidPublicKey,
      privateKey: env.VAPID_PRIVATE_KEY ?? secrets.vapidPrivateKey,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL ?? 'service@weindepot.example'}`,
    },
    webhooks: {
      contact: env.CONTACT_WEBHOOK_URL || undefined,
      referral: env.REFERRAL_WEBHOOK_URL || undefined,
      soldOut: env.SOLDOUT_WEBHOOK_URL || undefined,
    },
    fees: feeSchedule(env),
    company,
    paymentProvider: env.PAYMENT_PROVIDER === 'stripe' ? 'stripe' : 'local',
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || secrets.paymentWebhookSecret,
    mediaUrlSecret: env.MEDIA_URL_SECRET || secrets.mediaUrlSecret,
    documentSigning: loadSigningIdentity(env, dataDir, company.name, secrets.documentSigningPassphrase),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    outbox: {
      leaseMs: seconds(env.OUTBOX_LEASE_SECONDS, 120) * 1000,
      retryBaseMs: seconds(env.OUTBOX_RETRY_BASE_SECONDS, 5) * 1000,
      maxAttempts: Math.max(1, Math.round(seconds(env.OUTBOX_MAX_ATTEMPTS, 8))),
    },
    pdf: {
      workers: Math.max(1, Math.round(seconds(env.PDF_WORKERS, 2))),
      queueLimit: Math.max(1, Math.round(seconds(env.PDF_QUEUE_LIMIT, 20))),
      timeBudgetMs: seconds(env.PDF_TIME_BUDGET_SECONDS, 15) * 1000,
    },
    passwordHashing: {
      concurrency: Math.max(
        1,
        Math.round(seconds(env.PASSWORD_HASH_CONCURRENCY, defaultPasswordHashing().concurrency)),
      ),
      queueLimit: Math.max(
        0,
        Math.round(seconds(env.PASSWORD_HASH_QUEUE_LIMIT, defaultPasswordHashing().queueLimit)),
      ),
    },
    warehouse: {
      publicKey: warehousePublicKey ?? demoKeys?.publicKey ?? '',
      demoKeys: warehousePublicKey ? undefined : demoKeys,
    },
    operationsEmail: env.OPERATIONS_EMAIL?.trim() || (env.SUPPORT_EMAIL ?? 'service@weindepot.example'),
    holdingsProof: holdingsProofConfig(proofSigningKey ?? secrets.proofSigningKey, env.PROOF_SNAPSHOT_TIME),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
  };
}

/** The holdings proof's key (checked) and the daily snapshot's time; a malformed setting stops the start. */
function holdingsProofConfig(
  signingKey: string | undefined,
  time: string | undefined,
): ServerConfig['holdingsProof'] {
  if (!signingKey || !isProofSigningKey(signingKey)) {
    throw new Error('PROOF_SIGNING_KEY muss ein privater Ed25519-Schlüssel sein (Base64 der 32 Bytes).');
  }
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec((time ?? '02:00').trim());
  if (!match) throw new Error(`PROOF_SNAPSHOT_TIME muss eine Uhrzeit HH:MM sein (ist „${time}“).`);
  return {
    signingKey: signingKey.trim(),
    publicKey: proofPublicKeyOf(signingKey),
    snapshotTime: { hour: Number(match[1]), minute: Number(match[2]) },
  };
}

/** `LOG_LEVEL`, one of pino's levels; anything else is refused (a typo must not silence the log). */
function logLevel(value: string | undefined): LogLevel {
  const normalized = (value ?? '').trim().toLowerCase();
  if (normalized === '') return 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === normalized);
  if (!level) throw new Error(`LOG_LEVEL muss einer von ${LOG_LEVELS.join(', ')} sein (ist „${value}“).`);
  return level;
}

/** `WEB_CONCURRENCY`: a whole number from 1 to 64; anything else is refused in German. */
function processCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const count = Number(value.trim());
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new Error(`WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 64 sein (ist „${value}“).`);
  }
  return count;
}

/** A positive number from the environment (fractions allowed), or the default. */
function seconds(value: string | undefined, fallback: number): number {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** A fee in euro from the environment ("39" or "39.00") as cents, or the default. */
function euroCents(value: string | undefined, fallback: number): number {
  return value ? decimalToCents(value) : fallback;
}

/** `1`/`true`/`on` or `0`/`false`/`off`; anything else (or unset) is the default. */
function flag(value: string | undefined, fallback: boolean): boolean {
  const normalized = value?.trim().toLowerCase();
  if (normalized === '1' || normalized === 'true' || normalized === 'on') return true;
  if (normalized === '0' || normalized === 'false' || normalized === 'off') return false;
  return fallback;
}

/**
 * Fastify's `trustProxy`: by default only a proxy on the same host (loopback) may set the client
 * address and protocol; `true` trusts every hop, a number that many hops, otherwise addresses/CIDRs.
 */
function trustProxySetting(value: string | undefined): boolean | number | string {
  const normalized = value?.trim();
  if (!normalized) return 'loopback';
  if (/^\d+$/.test(normalized)) return Number(normalized);
  if (normalized === 'true' || normalized === 'false') return normalized === 'true';
  return normalized;
}

/** The origin of a tile URL template (`https://tiles.example/{z}/{x}/{y}.png` → `https://tiles.example`). */
/**
 * `EMBED_ORIGINS` as `frame-ancestors` sources: `'self'` (or `self`), `*`, or origins such as
 * `https://partner.example`, `https://*.partner.example`, `http://127.0.0.1:*`. Anything else
 * stops the start: a mistyped entry must not silently leave partners without their chart, nor
 * smuggle another directive into the header.
 */
export function embedOrigins(setting: string | undefined): string[] {
  const entries = (setting ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return ["'self'"];
  return entries.map((entry) => {
    if (/^'?self'?$/i.test(entry)) return "'self'";
    if (entry === '*') return '*';
    const origin = entry.replace(/\/$/, '').toLowerCase();
    if (/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/.test(origin)) return origin;
    throw new Error(
      `EMBED_ORIGINS: "${entry}" ist keine Herkunft (z. B. https://partner.example oder 'self')`,
    );
  });
}

function originOf(template: string | undefined): string[] {
  const match = template?.trim().match(/^(https?):\/\/([^/?#]+)/i);
  if (!match?.[1] || !match[2]) return [];
  // A placeholder in the host (e.g. a subdomain) becomes a CSP wildcard.
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  return /^[\w.*:-]+$/.test(host) ? [`${match[1].toLowerCase()}://${host.toLowerCase()}`] : [];
}

/**
 * The origins allowed to call the API across origins: the portal's own (from `PUBLIC_URL`) and the
 * comma-separated `CORS_ORIGINS` (`https://shop.example, https://partner.example`); entries that are
 * no http(s) origin are ignored.
 */
function corsOrigins(publicUrl: string, configured: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of [publicUrl, ...(configured ?? '').split(',')]) {
    try {
      const url = new URL(entry.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not an origin
    }
  }
  return [...origins];
}
