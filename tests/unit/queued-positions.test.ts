import { describe, expect, it } from 'vitest';
import type { OfferCardFragment, OrderListQuery } from '../../src/api/graphql.generated';
import { DEFAULT_FEE_SCHEDULE } from '../../src/domain/order-costs';
import { withPositions } from '../../src/features/order-list/api/orders';
import { orderListOffer, queuedOrderPosition } from '../../src/features/order-list/api/queued-positions';
import { applyQueue, type OutboxEntry } from '../../src/features/order-list/model/outbox-queue';

const offerCard = {
  id: 42,
  caskOf: 6,
  priceBtl: '785.00',
  priceBtlStr: '785,00 €',
  availableCases: 5,
  resaleOrigin: null,
  sellPriceCaseStr: '4.710,00 €',
  bottleSize: { id: 1, title: '0,75 l' },
  vintage: { year: 2015, wine: { title: 'Château Margaux', winery: { title: 'Château Margaux' } } },
} as unknown as OfferCardFragment;

const card = orderListOffer(offerCard);
const queuedAdd = (amount: number): OutboxEntry => ({
  id: 'add-1',
  seq: 1,
  status: 'queued',
  createdAt: Date.UTC(2026, 2, 1, 9, 30),
  change: { kind: 'create', offerId: card.id, amount, title: card.title, offer: card.queued },
});

const emptyList = {
  orderPositionList: [],
  orderListSums: {},
  feeSchedule: DEFAULT_FEE_SCHEDULE,
} as unknown as OrderListQuery;

describe('Offline hinzugefügte Orderlisten-Positionen', () => {
  it('takes title, cases per box, price, bottle size and winery from the offer card', () => {
    expect(orderListOffer(offerCard)).toEqual({
      id: 42,
      title: 'Château Margaux 2015',
      queued: {
        caskOf: 6,
        priceBtl: '785.00',
        year: 2015,
        bottleSize: '0,75 l',
        winery: 'Château Margaux',
        availableCases: 5,
        resaleOrigin: null,
      },
    });
  });

  it('shows a queued add as a pending position with the prices of the offer', () => {
    const [position] = applyQueue([], [queuedAdd(2)], queuedOrderPosition);
    expect(position).toMatchObject({
      id: -1,
      amount: 2,
      conditionReport: false,
      pending: true,
      priceBtlStr: '785,00 €',
      priceCaseStr: '4.710,00 €',
      datetimeAdded: '2026-03-01T09:30:00.000Z',
      offer: {
        id: 42,
        caskOf: 6,
        bottleSize: { title: '0,75 l' },
        vintage: {
          title: 'Château Margaux 2015',
          year: 2015,
          wine: { winery: { title: 'Château Margaux' } },
        },
      },
    });
  });

  it('counts the pending position in the sums', () => {
    const positions = applyQueue([], [queuedAdd(2)], queuedOrderPosition);
    const sums = withPositions(emptyList, positions).orderListSums;
    expect(sums.cases).toBe(2);
    expect(sums.vintagesSum).toBe(2 * 6 * 78_500);
    expect(sums.vintagesSumStr).toBe('9.420,00 €');
  });

  it('builds no position for an add queued without the offer data', () => {
    expect(queuedOrderPosition({ kind: 'create', offerId: 42, amount: 1, title: 'Opus One' }, -1, 0)).toBe(
      undefined,
    );
  });
});
