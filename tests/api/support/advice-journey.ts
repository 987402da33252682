/**
 * The advice journeys' shared set-up: a seeded portal with the wizard's new client (neukunde), the
 * client with an adviser's offer (kunde) and another client (keller) signed in, the documents they
 * send and a profile composed for the new client.
 */
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseTarget, startTestPortal, type TestPortal } from './harness';

export const PASSWORD = 'Weindepot2026!';
export const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';
export const PROFILE_FIELDS = `id uid source datetime investmentSumIntended investmentSumIntendedStr checkedAgbAndDsgvo
  total totalStr regionShares { region share value cases }
  recommendedPositions { id amount caskOf sellPriceBtl totalStr offer { id availableCases sellPriceBtl } }`;
export const CREATE = `mutation ($sum: Decimal!, $risk: Int!, $lover: Int!, $horizon: Int!) {
  createPreferencesProfile(wineloverVsInvestor: $lover, investmentHorizon: $horizon, takesRisk: $risk,
    stocks: true, etfs: false, realestate: false, metals: true, watches: false, crypto: false,
    investmentSumIntended: $sum) {
    success errors { message code field } preferencesProfile { ${PROFILE_FIELDS} }
  }
}`;
export const ME = `query { me { email preferencesprofileSet { ${PROFILE_FIELDS} } } }`;
export const LATEST = `query ($uid: String, $source: ProfileSource) { getLatestPreferencesProfile(uid: $uid, source: $source) { ${PROFILE_FIELDS} } }`;
export const TRANSFER = `mutation ($uid: String!, $remove: Boolean, $direct: Boolean) {
  addRecommendationsToOrderListOrBuyDirectly(uid: $uid, removeExistingOrderPositions: $remove, requestDirectly: $direct) {
    success errors { message code }
  }
}`;
export const ORDER_LIST = `query {
  orderPositionList { id amount fromRecommendation recommendedAmount offer { id } }
  check_needed: orderListInvoices(stage: check_needed) { id stage }
  me { blockedByOrderCheck }
}`;
export const ADD_POSITION = `mutation ($offerId: Int!) { createOrderPosition(offerId: $offerId, amount: 1) { success errors { message } } }`;
export const CONSENT =
  'mutation ($uid: String!) { acceptAgbsAndDsgvo(uid: $uid) { success errors { message code } } }';
export const SIMULATION = `query ($uid: String!, $rate: String) {
  getPortfolioSalesCalculation(uid: $uid, expAnnualProfit: $rate) {
    expAnnualProfit initial timeseries { value fee year } serviceFee1 serviceFee15 serviceFeeAvg serviceFeeTotal
    growthAbs growthPerc saleProvision profit profitPerc value15 yAxisMax
  }
}`;

export interface Profile {
  id: number;
  uid: string;
  source: 'WIZARD' | 'MANUALLY';
  investmentSumIntended: string;
  checkedAgbAndDsgvo: boolean;
  total: number;
  regionShares: { region: string; share: number; value: number }[];
  recommendedPositions: {
    id: number;
    amount: number;
    caskOf: number;
    sellPriceBtl: string;
    offer: { id: number; availableCases: number; sellPriceBtl: string };
  }[];
}
export interface PricedPosition {
  id: number;
  amount: number;
  agreedPriceBtl: string | null;
  priceBtl: string;
  priceBtlStr: string;
  offer: { id: number };
}
export const PRICED_LIST = `query {
  orderPositionList { id amount agreedPriceBtl priceBtl priceBtlStr offer { id } }
  orderListSums { vintagesSum }
}`;
export interface OrderList {
  orderPositionList: {
    id: number;
    amount: number;
    fromRecommendation: string | null;
    offer: { id: number };
  }[];
  check_needed: { id: number }[];
  me: { blockedByOrderCheck: boolean };
}

/** The values of the wizard's profile the journeys order from (10.000 €, cautious, 8 years). */
export const COMPOSED_PROFILE = { sum: '10000', risk: 20, lover: 30, horizon: 8 };

export function adviceJourney(target: DatabaseTarget) {
  let portal: TestPortal;
  let neukunde: string;
  let kunde: string;
  let keller: string;

  const login = async (email: string) =>
    (await portal.gql<{ tokenAuth: { token: string } }>(LOGIN, { email, password: PASSWORD })).data?.tokenAuth
      .token as string;
  const orderList = async (token: string) =>
    (await portal.gql<OrderList>(ORDER_LIST, {}, { token })).data as OrderList;
  const pricedList = async (token: string) =>
    (
      await portal.gql<{ orderPositionList: PricedPosition[]; orderListSums: { vintagesSum: number } }>(
        PRICED_LIST,
        {},
        { token },
      )
    ).data as { orderPositionList: PricedPosition[]; orderListSums: { vintagesSum: number } };
  const create = async (token: string, vars: { sum: string; risk: number; lover: number; horizon: number }) =>
    portal.gql<{
      createPreferencesProfile: {
        success: boolean;
        errors: { message: string; field: string }[];
        preferencesProfile: Profile | null;
      };
    }>(CREATE, vars, { token });

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    neukunde = await login('neukunde@example.com');
    kunde = await login('kunde@example.com');
    keller = await login('thomas.keller@example.com');
  });
  afterAll(() => portal?.close());

  /** The new client's wizard profile with `COMPOSED_PROFILE`, composed by the server. */
  async function composeProfile(): Promise<Profile> {
    const answer = await create(neukunde, COMPOSED_PROFILE);
    const profile = answer.data?.createPreferencesProfile.preferencesProfile;
    if (!profile) throw new Error(`no profile: ${JSON.stringify(answer)}`);
    return profile;
  }

  return {
    get portal() {
      return portal;
    },
    get neukunde() {
      return neukunde;
    },
    get kunde() {
      return kunde;
    },
    get keller() {
      return keller;
    },
    login,
    orderList,
    pricedList,
    create,
    composeProfile,
  };
}
