import { DEFAULT_FEE_SCHEDULE } from '../../src/domain/order-costs';
import {
  type InvoiceView,
  type OrderListData,
  type OrderPositionView,
  withPositions,
} from '../../src/features/order-list/api/orders';

/** A sent position of 2 cases of 6 bottles of Sassicaia 2019 at 125 € a bottle. */
export function orderPosition(overrides: Partial<OrderPositionView> = {}): OrderPositionView {
  return {
    id: 41,
    amount: 2,
    conditionReport: false,
    datetimeAdded: '2026-11-20T09:00:00Z',
    fromRecommendation: null,
    agreedPriceBtl: null,
    priceBtl: '125.00',
    priceBtlStr: '125,00 €',
    priceCaseStr: '750,00 €',
    offer: {
      id: 9,
      caskOf: 6,
      sellPriceBtl: '125.00',
      priceBtlStr: '125,00 €',
      sellPriceCaseStr: '750,00 €',
      availableCases: 5,
      secondaryMarket: false,
      resaleOrigin: null,
      bottleSize: { id: 1, title: '0,75 l' },
      vintage: {
        id: 30,
        title: 'Sassicaia',
        year: 2019,
        lwin11: '10122252019',
        image: null,
        wine: { id: 20, title: 'Sassicaia', winery: { id: 10, title: 'Tenuta San Guido' } },
      },
    },
    ...overrides,
  };
}

/** An invoice of the client in `stage`, 1.629,35 € in all. */
export function invoice(id: number, stage: InvoiceView['stage']): InvoiceView {
  const { orderListSums } = orderList({ positions: [orderPosition()] });
  return {
    id,
    stage,
    invoiceDate: '2026-11-21',
    invoiceNumber: null,
    hostedInvoiceUrl: null,
    overallSumStr: orderListSums.overallSumStr,
    invoicePdfViewPermissionToken: 'token',
    stripeInvoicePdfUrl: null,
    cancelledAt: null,
    cancellationReason: null,
    cancellationInvoice: null,
    sums: orderListSums,
    positions: [],
  };
}

/** Anna Berger's billing data, complete. */
export const billingPerson = {
  id: 7,
  blockedByOrderCheck: false,
  isSuperuser: false,
  firstName: 'Anna',
  lastName: 'Berger',
  streetAndNumber: 'Weinbergstraße 1',
  postalCode: '60311',
  city: 'Frankfurt am Main',
};

/**
 * The order list as the server answers it: `positions` with their sums by the shared cost rule,
 * the invoices by stage, and the client.
 */
export function orderList({
  positions = [],
  invoices = {},
  me = billingPerson,
}: {
  positions?: OrderPositionView[];
  invoices?: Partial<
    Pick<OrderListData, 'check_needed' | 'check_done' | 'waiting_for_payment' | 'payment_failed'>
  >;
  me?: OrderListData['me'];
} = {}): OrderListData {
  const empty = {
    orderPositionList: [],
    orderListSums: {} as OrderListData['orderListSums'],
    feeSchedule: DEFAULT_FEE_SCHEDULE,
    check_needed: [],
    check_done: [],
    waiting_for_payment: [],
    payment_failed: [],
    cancelled: [],
    me,
    ...invoices,
  } satisfies OrderListData;
  return withPositions(empty, positions);
}
