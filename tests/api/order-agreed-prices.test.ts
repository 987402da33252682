/**
 * An adviser's agreed price applies to the offered cases only, and only once.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, users } from '../../server/db/schema';
import { AGREED_OFFER_USED_TEXT, agreedPriceLimitText } from '../../src/domain/order-list-texts';
import { databaseTargets, type TestPortal } from './support/harness';
import { orderSafeguardJourney, safeguardOperation } from './support/order-safeguards-journey';

const CHANGE = safeguardOperation('Change');
const CHANGE_INVOICE = safeguardOperation('ChangeInvoice');
const FINALIZE = safeguardOperation('Finalize');
const TRANSFER = safeguardOperation('Transfer');
const PROFILES = safeguardOperation('Profiles');

describe.each(databaseTargets)('Vereinbarte Preise (%s)', (target) => {
  const journey = orderSafeguardJourney(target);
  const { list } = journey;
  let portal: TestPortal;
  let client: string;
  let staff: string;
  beforeAll(() => {
    ({ portal, client, staff } = journey);
  });

  it('applies an adviser’s agreed price to the offered cases only, once', async () => {
    const me = await portal.gql<{
      me: {
        preferencesprofileSet: {
          uid: string;
          source: string;
          recommendedPositions: {
            id: number;
            amount: number;
            sellPriceBtl: string;
            offer: { id: number; availableCases: number };
          }[];
        }[];
      };
    }>(PROFILES, {}, { token: client });
    const quote = me.data?.me.preferencesprofileSet.find((profile) => profile.source === 'MANUALLY');
    expect(quote).toBeDefined();
    const uid = quote?.uid as string;
    const offered = quote?.recommendedPositions.find(
      (position) => position.offer.availableCases >= position.amount + 3,
    );
    expect(offered).toBeDefined();
    const recommended = offered?.amount as number;

    // Taking the offer twice puts its cases on the list once.
    for (const remove of [true, false]) {
      expect(
        (await portal.gql(TRANSFER, { uid, remove, direct: false }, { token: client })).data,
      ).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    }
    let current = await list();
    const agreed = current.orderPositionList.filter((position) => position.offer.id === offered?.offer.id);
    expect(agreed.map((position) => [position.amount, position.agreedPriceBtl])).toEqual([
      [recommended, offered?.sellPriceBtl],
    ]);

    // More cases at the agreed price are refused; more cases from the catalogue cost its price.
    const raised = await portal.gql(
      CHANGE,
      { id: agreed[0]?.id, amount: recommended + 2 },
      { token: client },
    );
    expect(raised.data).toMatchObject({
      changeOrderPosition: {
        success: false,
        errors: [{ code: 'AGREED_PRICE_LIMIT', field: 'amount', message: agreedPriceLimitText(recommended) }],
      },
    });
    current = await list();
    expect(current.orderPositionList.find((position) => position.id === agreed[0]?.id)?.amount).toBe(
      recommended,
    );

    // Ordered and paid: the offer's agreed price is used up.
    const bound = await portal.gql(TRANSFER, { uid, remove: false, direct: true }, { token: client });
    expect(bound.data).toMatchObject({ addRecommendationsToOrderListOrBuyDirectly: { success: true } });
    const [invoice] = await portal.db
      .select()
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(and(eq(users.email, 'kunde@example.com'), eq(invoices.stage, 'CHECK_NEEDED')));
    const invoiceId = invoice?.invoices.id as number;
    expect(
      (await portal.gql(CHANGE_INVOICE, { id: invoiceId, stage: 'CHECK_DONE' }, { token: staff })).data,
    ).toMatchObject({ changeInvoice: { success: true } });
    const finalized = await portal.gql<{ finalizeInvoice: { hostedInvoiceUrl: string } }>(
      FINALIZE,
      { id: invoiceId },
      { token: client },
    );
    const paid = await portal.app.inject({
      method: 'POST',
      url: new URL(finalized.data?.finalizeInvoice.hostedInvoiceUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242',
    });
    expect(paid.statusCode).toBe(200);
    expect((await list()).me.blockedByOrderCheck).toBe(false);

    const again = await portal.gql(TRANSFER, { uid, remove: true, direct: false }, { token: client });
    expect(again.data).toMatchObject({
      addRecommendationsToOrderListOrBuyDirectly: {
        success: false,
        errors: [{ code: 'AGREED_OFFER_USED', message: AGREED_OFFER_USED_TEXT }],
      },
    });
    expect((await list()).orderPositionList).toEqual([]);
  });
});
