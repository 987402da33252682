/**
 * The order list before the binding order: positions added, changed and removed, amounts refused,
 * the same client mutation id applied once, and a blocked client who may only shrink the list.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPositions, partialOffers, users } from '../../server/db/schema';
import { ORDER_LIST_BLOCKED_TEXT } from '../../src/domain/order-list-texts';
import { databaseTargets, type TestPortal } from './support/harness';
import { orderJourney, orderOperation } from './support/order-journey';

const CHANGE = orderOperation('ChangeOrderPosition');
const CREATE = orderOperation('CreateOrderPosition');
const DELETE = orderOperation('DeleteOrderPosition');

describe.each(databaseTargets)('Orderliste: Positionen anlegen, ändern, löschen (%s)', (target) => {
  const journey = orderJourney(target);
  const { orderList, newBuyer, addPosition } = journey;
  let portal: TestPortal;
  let otherClient: string;
  let offerIds: number[];
  beforeAll(() => {
    ({ portal, otherClient, offerIds } = journey);
  });

  it('adds a position and changes its amount and condition report, refusing 101 cases', async () => {
    const buyer = await newBuyer();
    const added = await portal.gql(
      CREATE,
      { offerId: offerIds[0] as number, amount: 1, id: crypto.randomUUID() },
      { token: buyer.token },
    );
    expect(added.data).toMatchObject({
      createOrderPosition: { success: true, orderPosition: { amount: 1 } },
    });
    const positionId = (added.data as { createOrderPosition: { orderPosition: { id: number } } })
      .createOrderPosition.orderPosition.id;

    const changed = await portal.gql(
      CHANGE,
      { id: positionId, amount: 2, flag: true },
      { token: buyer.token },
    );
    expect(changed.data).toMatchObject({
      changeOrderPosition: { success: true, orderPosition: { amount: 2, conditionReport: true } },
    });
    const tooMany = await portal.gql(CHANGE, { id: positionId, amount: 101 }, { token: buyer.token });
    expect(tooMany.data).toMatchObject({
      changeOrderPosition: { success: false, errors: [{ code: 'INVALID_AMOUNT' }] },
    });
    expect((await orderList(buyer.token)).orderPositionList).toEqual([
      expect.objectContaining({ id: positionId, amount: 2, conditionReport: true }),
    ]);
  });

  it('removes a position, and the sums count the remaining cases and condition reports', async () => {
    const buyer = await newBuyer();
    const [firstOffer, secondOffer] = offerIds as [number, number];
    const kept = await addPosition(buyer, firstOffer, 2);
    await portal.gql(CHANGE, { id: kept, flag: true }, { token: buyer.token });
    const removed = await addPosition(buyer, secondOffer, 3);
    expect((await portal.gql(DELETE, { id: removed }, { token: buyer.token })).data).toMatchObject({
      deleteOrderPosition: { success: true },
    });
    await addPosition(buyer, secondOffer, 1);

    const list = await orderList(buyer.token);
    expect(list.orderPositionList.map((position) => position.amount)).toEqual([2, 1]);
    expect(list.orderListSums.cases).toBe(3);
    expect(list.orderListSums.conditionReportSum).toBe(2 * 4900);
  });

  it('adds one position for the same client mutation id sent twice', async () => {
    const buyer = await newBuyer();
    const mutationId = crypto.randomUUID();
    const offerId = offerIds[0] as number;
    const first = await portal.gql(CREATE, { offerId, amount: 1, id: mutationId }, { token: buyer.token });
    const second = await portal.gql(CREATE, { offerId, amount: 1, id: mutationId }, { token: buyer.token });
    expect(second.data).toEqual(first.data);
    const list = await orderList(buyer.token);
    expect(list.orderPositionList).toEqual([expect.objectContaining({ amount: 1 })]);
  });

  it('refuses amounts outside 1–100 and above the available cases', async () => {
    const buyer = await newBuyer();
    const [tranche] = await portal.db
      .select({
        offerId: partialOffers.offerId,
        available: sql<number>`sum(${partialOffers.quantityAvailable})::int`,
      })
      .from(partialOffers)
      .where(eq(partialOffers.offerId, offerIds[2] as number))
      .groupBy(partialOffers.offerId);
    for (const amount of [0, 101, (tranche?.available ?? 0) + 1]) {
      const answer = await portal.gql(
        CREATE,
        { offerId: offerIds[2] as number, amount },
        { token: buyer.token },
      );
      expect(answer.data).toMatchObject({
        createOrderPosition: { success: false, errors: [{ code: 'INVALID_AMOUNT' }] },
      });
    }
    expect((await orderList(buyer.token)).orderPositionList).toEqual([]);
  });

  it('lets a blocked client only shrink the order list: no more cases, no new condition report', async () => {
    // Thomas Keller's seeded order is being checked; a position may still be on his list, e.g.
    // when staff bound a manual quote for him.
    const [keller] = await portal.db.select().from(users).where(eq(users.email, 'thomas.keller@example.com'));
    expect(keller?.blockedByOrderCheck).toBe(true);
    const [position] = await portal.db
      .insert(orderPositions)
      .values({ userId: keller?.id as number, offerId: offerIds[0] as number, amount: 2 })
      .returning({ id: orderPositions.id });
    const id = position?.id as number;
    const blockedRefusal = {
      changeOrderPosition: {
        success: false,
        errors: [{ code: 'ORDER_LIST_BLOCKED', message: ORDER_LIST_BLOCKED_TEXT }],
      },
    };
    expect((await portal.gql(CHANGE, { id, amount: 3 }, { token: otherClient })).data).toMatchObject(
      blockedRefusal,
    );
    expect((await portal.gql(CHANGE, { id, flag: true }, { token: otherClient })).data).toMatchObject(
      blockedRefusal,
    );
    expect(
      (await portal.gql(CHANGE, { id, amount: 1, flag: true }, { token: otherClient })).data,
    ).toMatchObject(blockedRefusal);
    expect((await orderList(otherClient)).orderPositionList).toEqual([
      expect.objectContaining({ id, amount: 2, conditionReport: false }),
    ]);

    const fewer = await portal.gql(CHANGE, { id, amount: 1, flag: false }, { token: otherClient });
    expect(fewer.data).toMatchObject({
      changeOrderPosition: { success: true, orderPosition: { amount: 1, conditionReport: false } },
    });
    expect((await portal.gql(DELETE, { id }, { token: otherClient })).data).toMatchObject({
      deleteOrderPosition: { success: true },
    });
    const after = await orderList(otherClient);
    expect(after.orderPositionList).toEqual([]);
    expect(after.me.blockedByOrderCheck).toBe(true);
  });
});
