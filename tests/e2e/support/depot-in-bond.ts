import { type APIRequestContext, expect } from '@playwright/test';
import { businessDay } from '../../../src/domain/dates';
import { vintageTitle } from '../../../src/features/secondary-market/ui/sell-format';
import { apiToken, demoAccounts, demoPassword, registerActivatedClient } from './accounts';
import { staffChecksOrder, warehouseReportsStock } from './checkout';

interface Answer<Data> {
  data?: Data;
  errors?: { message: string }[];
}

async function graphql<Data>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Data> {
  const response = await request.post('/graphql', {
    headers: { authorization: `JWT ${token}` },
    data: { query, variables },
  });
  const body = (await response.json()) as Answer<Data>;
  if (!response.ok() || !body.data) throw new Error(`GraphQL set-up failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** What a client with cases in the bonded warehouse holds. */
export interface ClientInBond {
  email: string;
  password: string;
  /** The vintage's title with its year, as the depot's Zweitmarkt list and the sell orders name it. */
  vintageTitle: string;
  /** "Wine 2016" as the offer cards name it. */
  offerTitle: string;
  caskOf: number;
  depotPositionId: number;
  /** The cases' ids in the warehouse, "GE-…-01, GE-…-02". */
  storageIds: string;
}

interface StockOffer {
  id: number;
  caskOf: number;
  availableCases: number;
  onRequest: boolean;
  secondaryMarket: boolean;
  vintage: { title: string; year: number; enPrimeurDeliveryDate: string | null; wine: { title: string } };
}

/** A fresh client who bought and paid for cases of an offer: the position is in the depot (not yet in bond). */
export interface ClientWithPaidPosition {
  email: string;
  password: string;
  token: string;
  depotPositionId: number;
  /** The cases' ids in the warehouse, "GE-…-01, GE-…-02". */
  storageIds: string;
}

/**
 * A fresh client buys `cases` cases of an offer as it happens in the portal: the order position,
 * the binding order, staff check it, the client pays on the hosted page of the local provider.
 * The payment creates the depot position, assigned to the tranches its cases were reserved from.
 */
export async function clientWithPaidPosition(
  request: APIRequestContext,
  journey: string,
  offerId: number,
  cases: number,
): Promise<ClientWithPaidPosition> {
  const client = await registerActivatedClient(request, journey, { withBillingAddress: true });
  const token = await apiToken(request, client.email, client.password);
  const added = await graphql<{ createOrderPosition: { success: boolean } }>(
    request,
    token,
    'mutation ($offerId: Int!, $amount: Int!) { createOrderPosition(offerId: $offerId, amount: $amount) { success errors { message } } }',
    { offerId, amount: cases },
  );
  expect(added.createOrderPosition.success).toBe(true);
  const created = await graphql<{ createInvoice: { success: boolean; invoice: { id: number } } }>(
    request,
    token,
    'mutation { createInvoice { success errors { message } invoice { id } } }',
  );
  expect(created.createInvoice.success).toBe(true);
  await staffChecksOrder(request, client.email);
  const finalized = await graphql<{ finalizeInvoice: { success: boolean; hostedInvoiceUrl: string } }>(
    request,
    token,
    'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { success errors { message } hostedInvoiceUrl } }',
    { id: created.createInvoice.invoice.id },
  );
  expect(finalized.finalizeInvoice.success).toBe(true);
  const paid = await request.post(new URL(finalized.finalizeInvoice.hostedInvoiceUrl).pathname, {
    form: { cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.status()).toBe(200);

  const { clientsDepot } = await graphql<{
    clientsDepot: { id: number; currentStatus: string; storageId: string }[];
  }>(request, token, '{ clientsDepot { id currentStatus storageId } }');
  expect(clientsDepot).toHaveLength(1);
  return {
    ...client,
    token,
    depotPositionId: clientsDepot[0]?.id as number,
    storageIds: clientsDepot[0]?.storageId ?? '',
  };
}

/**
 * A fresh client who holds `cases` cases in the bonded warehouse (IN_BOND): the client buys the
 * offer with the most cases (no en primeur, no Zweitmarkt listing) and staff record the customs
 * reference (MRN) of the new depot position, which puts it in bond. All through the API, so the
 * journeys that use it start from their own subject.
 */
export async function clientWithCasesInBond(
  request: APIRequestContext,
  journey: string,
  cases: number,
): Promise<ClientInBond> {
  const staffToken = await apiToken(request, demoAccounts.superuser, demoPassword);
  const { allOffers } = await graphql<{ allOffers: StockOffer[] }>(
    request,
    staffToken,
    `{ allOffers { id caskOf availableCases onRequest secondaryMarket
        vintage { title year enPrimeurDeliveryDate wine { title } } } }`,
  );
  const today = businessDay();
  const offer = allOffers
    .filter(
      (candidate) =>
        !candidate.onRequest &&
        !candidate.secondaryMarket &&
        (candidate.vintage.enPrimeurDeliveryDate === null ||
          candidate.vintage.enPrimeurDeliveryDate <= today),
    )
    .sort((a, b) => b.availableCases - a.availableCases)[0];
  if (!offer || offer.availableCases < cases) throw new Error('No offer with enough cases for the set-up');

  const client = await clientWithPaidPosition(request, journey, offer.id, cases);
  const { depotPositionId } = client;
  const recorded = await graphql<{
    updateAssetUnderManagement: { success: boolean; asset: { currentStatus: string } };
  }>(
    request,
    staffToken,
    `mutation ($id: Int!) { updateAssetUnderManagement(depotPositionId: $id, newMrn: "26DE1234567890ABC8")
      { success errors { message } asset { currentStatus } } }`,
    { id: depotPositionId },
  );
  expect(recorded.updateAssetUnderManagement).toMatchObject({
    success: true,
    asset: { currentStatus: 'IN_BOND' },
  });
  await warehouseReportsStock(request);
  return {
    email: client.email,
    password: client.password,
    vintageTitle: vintageTitle(offer.vintage.title, offer.vintage.year),
    offerTitle: `${offer.vintage.wine.title} ${offer.vintage.year}`,
    caskOf: offer.caskOf,
    depotPositionId,
    storageIds: client.storageIds,
  };
}
