import { expect, test as setup } from '@playwright/test';
import { wineSeeds } from '../../server/seed/data/wines';
import { demoPassword, registerActivatedClient } from '../e2e/support/accounts';
import { staffChecksOrder } from '../e2e/support/checkout';
import { logIn } from '../e2e/support/session';
import {
  AUDIT_ROLES,
  type AuditFixtures,
  apiToken,
  graphql,
  storageStatePath,
  writeFixtures,
} from './support';

const ROLE_EMAILS = {
  kunde: 'kunde@example.com',
  erstanmeldung: 'neukunde@example.com',
  staff: 'berater@example.com',
} as const;

function lwin11(wineKey: string, year: number): string {
  const wine = wineSeeds.find((seed) => seed.key === wineKey);
  if (!wine) throw new Error(`The seed has no wine ${wineKey}`);
  return `${wine.lwin}${year}`;
}

// One sign-in per role through the login form; every screen of that role reuses its storage state.
for (const role of AUDIT_ROLES) {
  setup(`sign in as ${role}`, async ({ page, request }) => {
    if (role === 'neukunde') {
      // A new client after the first-time questionnaire: no depot, no invoices, no order (the demo's
      // neukunde@example.com is "erstanmeldung": its account nudge and wizard cover every screen).
      const client = await registerActivatedClient(request, 'audit-neukunde', { withBillingAddress: true });
      await logIn(page, client.email, client.password);
    } else {
      await logIn(page, ROLE_EMAILS[role], demoPassword);
    }
    await page.context().storageState({ path: storageStatePath(role) });
  });
}

setup('find the ids and tokens the screens need', async ({ request }) => {
  const wineries = await graphql<{ allWineries: { id: number }[] }>(request, '{ allWineries { id } }');
  const wineryId = wineries.allWineries[0]?.id;
  expect(wineryId, 'the seed has a winery').toBeDefined();

  // A composed proposal of a fresh client (as the wizard leaves it), so kunde's stays untouched.
  const client = await registerActivatedClient(request, 'audit-proposal');
  const clientToken = await apiToken(request, client.email, client.password);
  const profile = await graphql<{ getLatestPreferencesProfile: { uid: string } }>(
    request,
    '{ getLatestPreferencesProfile(source: WIZARD) { uid } }',
    {},
    clientToken,
  );

  // The hosted payment page of a fresh client's checked order (the payment form).
  const payer = await registerActivatedClient(request, 'audit-pay', { withBillingAddress: true });
  const payerToken = await apiToken(request, payer.email, payer.password);
  const offers = await graphql<{ allOffers: { id: number; availableCases: number }[] }>(
    request,
    '{ allOffers { id availableCases } }',
  );
  const offer = offers.allOffers.find((candidate) => candidate.availableCases > 0);
  await graphql(
    request,
    'mutation ($id: Int!) { createOrderPosition(offerId: $id, amount: 1) { success } }',
    { id: offer?.id },
    payerToken,
  );
  await graphql(request, 'mutation { createInvoice { success } }', {}, payerToken);
  await staffChecksOrder(request, payer.email);
  const open = await graphql<{ orderListInvoices: { id: number }[] }>(
    request,
    '{ orderListInvoices(stage: check_done) { id } }',
    {},
    payerToken,
  );
  const finalized = await graphql<{ finalizeInvoice: { hostedInvoiceUrl: string | null } }>(
    request,
    'mutation ($id: Int!) { finalizeInvoice(invoiceId: $id) { hostedInvoiceUrl } }',
    { id: open.orderListInvoices[0]?.id },
    payerToken,
  );
  const payUrl = finalized.finalizeInvoice.hostedInvoiceUrl;
  expect(payUrl, 'the checked order has a hosted payment page').toMatch(/\/pay\//);

  // kunde's customer portal and a storage certificate of kunde's paid invoice.
  const kunde = await apiToken(request, ROLE_EMAILS.kunde, demoPassword);
  const paid = await graphql<{ clientsInvoices: { invoicePdfViewPermissionToken: string }[] }>(
    request,
    '{ clientsInvoices(stage: "paid") { invoicePdfViewPermissionToken } }',
    {},
    kunde,
  );
  const invoice = paid.clientsInvoices[0];
  expect(invoice, 'kunde has a paid invoice').toBeDefined();
  const portal = await graphql<{ stripeCustomerPortalSession: { sessionUrl: string } }>(
    request,
    '{ stripeCustomerPortalSession { sessionUrl } }',
    {},
    kunde,
  );
  const certificate = await request.get(`/certificate/${invoice?.invoicePdfViewPermissionToken}`, {
    headers: { Authorization: `JWT ${kunde}` },
  });
  expect(certificate.ok(), 'the certificate of the paid invoice is issued').toBe(true);
  const fingerprint = certificate.headers()['x-certificate-fingerprint'];
  expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);

  const fixtures: AuditFixtures = {
    wineryId: wineryId as number,
    vintageId: 1,
    offerLwin11: lwin11('sassicaia', 2019),
    soldOutLwin11: lwin11('lafite', 2010),
    proposalUid: profile.getLatestPreferencesProfile.uid,
    academySlug: 'champagner-als-investment',
    blogSlug: 'liv-ex-und-global-wine-score-kurz-erklaert',
    payPath: new URL(payUrl ?? '').pathname,
    portalPath: new URL(portal.stripeCustomerPortalSession.sessionUrl).pathname,
    certificateFingerprint: fingerprint as string,
  };
  writeFixtures(fixtures);
});
