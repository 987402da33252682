/**
 * Manual quotes in the back office, shared by the `backoffice-quotes-*.test.ts` files: a seeded portal
 * per file and database, staff and the demo client signed in, the offers the quote modal lists
 * (`candidates`), and helpers that call as staff, list and create quotes and read their audit rows.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditLog, users } from '../../../server/db/schema';
import { apiOperations } from './documents';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';

const PASSWORD = 'Weindepot2026!';

/** The journey's documents (`tests/api/documents/backoffice-quotes.graphql`) by operation name. */
export const quoteOperation = apiOperations('backoffice-quotes');
const LOGIN = quoteOperation('SignIn');
const LIST = quoteOperation('ManualQuotes');
const OFFERS = quoteOperation('ManualQuoteOffers');
const CREATE = quoteOperation('CreateManualQuote');

export interface Position {
  id: number;
  amount: number;
  caskOf: number;
  sellPriceBtl: string;
  ekpBtl: string | null;
  wineTitle: string;
  year: number;
  region: string;
  offer: { id: number };
}
export interface Quote {
  id: number;
  uid: string;
  email: string;
  userId: number | null;
  archived: boolean;
  setPasswordLink: string | null;
  investmentSumPicked: string;
  investmentSumPickedStr: string;
  bucket: string | null;
  hostedInvoiceUrl: string | null;
  invoice: { id: number; stage: string } | null;
  recommendedPosition: Position[];
}
export interface Payload {
  success: boolean;
  errors: { message: string; code: string; field: string | null }[];
  manualQuote: Quote | null;
  hostedInvoiceUrl?: string | null;
}
export interface QuoteOffer {
  id: number;
  title: string;
  region: string | null;
  sellPriceBtl: string;
  ekpBtl: string | null;
  caskOf: number;
  trancheTotal: number;
  depotAssigned: number;
  availableCases: number;
  datetimeCreated: string;
}

export const billing = {
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Marie',
  lastName: 'Neumann',
  streetAndNumber: 'Weinbergstraße 7',
  city: 'Mainz',
  postalCode: '55116',
  country: 'DE',
  productCategory: '32642',
  company: 'Neumann Weinhandel GmbH',
  taxId: 'DE123456789',
};

/** Starts the portal before the file's tests (and closes it after); call inside `describe.each`. */
export function quotesJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let staffToken = '';
  let clientToken = '';
  let clientId = 0;
  let candidates: QuoteOffer[] = [];

  const signIn = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token ?? '';

  async function staff<Key extends string>(query: string, variables: Record<string, unknown> = {}) {
    const answer = await portal.gql<Record<Key, Payload>>(query, variables, { token: staffToken });
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<Key, Payload>;
  }
  const list = async () =>
    (await portal.gql<{ getAllManualQuotes: Quote[] }>(LIST, {}, { token: staffToken })).data
      ?.getAllManualQuotes ?? [];
  const newQuote = async (email: string) => {
    const { createManualQuote } = await staff<'createManualQuote'>(CREATE, { email });
    expect(createManualQuote.success).toBe(true);
    return createManualQuote.manualQuote as Quote;
  };
  const auditActions = async (quoteId: number) =>
    (
      await portal.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'manual_quote'), eq(auditLog.entityId, quoteId)))
    ).map((row) => row.action);

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staffToken = await signIn('berater@example.com');
    clientToken = await signIn('kunde@example.com');
    const [client] = await portal.db.select().from(users).where(eq(users.email, 'kunde@example.com'));
    clientId = client?.id ?? 0;
    candidates =
      (await portal.gql<{ manualQuoteOffers: QuoteOffer[] }>(OFFERS, {}, { token: staffToken })).data
        ?.manualQuoteOffers ?? [];
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
  });

  const stocked = (minimum: number) =>
    candidates.filter((offer) => offer.availableCases >= minimum && offer.ekpBtl !== null);

  return {
    get portal() {
      return portal;
    },
    get staffToken() {
      return staffToken;
    },
    get clientToken() {
      return clientToken;
    },
    get clientId() {
      return clientId;
    },
    get candidates() {
      return candidates;
    },
    signIn,
    staff,
    list,
    newQuote,
    auditActions,
    stocked,
  };
}
