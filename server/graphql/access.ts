import { GraphQLError } from 'graphql';
import { isStaffUser } from '../../src/domain/staff';
import type { GraphQLContext } from './context';
import type { UserModel } from './models';
import type { MutationResolvers, QueryResolvers } from './resolvers-types.generated';

/** Who may call an operation: anyone, a signed-in client (or staff), or staff only. */
export type Access = 'public' | 'client' | 'staff';

/**
 * The one place where operations get their role. Every root field of the schema must appear
 * here (typed against the generated resolver types; `guarded` in `resolvers/index.ts` refuses at start-up a resolver without one),
 * so a new operation cannot be forgotten. Per-client data checks (own rows only) live in services.
 */
export const accessPolicy = {
  Query: {
    vapidPublicKey: 'public',
    me: 'public',
    orderPositionList: 'client',
    orderListInvoices: 'client',
    getInvoiceById: 'client',
    clientsInvoices: 'client',
    unseenPaymentThanks: 'client',
    stripeCustomerPortalSession: 'client',
    orderListSums: 'client',
    feeSchedule: 'public',
    allOfferers: 'staff',
    allBottleSizes: 'public',
    vintageDetails: 'public',
    clientsDepot: 'client',
    clientsDepotVintages: 'client',
    viewClientsDepot: 'staff',
    viewClientsDepotVintages: 'staff',
    depotPerformance: 'client',
    allWineries: 'public',
    allCountries: 'public',
    allRegions: 'public',
    allSubregions: 'public',
    allVintages: 'public',
    allOffers: 'public',
    allBrandImages: 'public',
    allGwsRecords: 'public',
    searchOffers: 'public',
    offerPage: 'public',
    featuredOffer: 'public',
    allPostPages: 'public',
    page: 'public',
    getAllAcademyVideos: 'client',
    getAcademyVideo: 'client',
    wineryDetails: 'public',
    allWines: 'public',
    priceIndex: 'public',
    getLatestPreferencesProfile: 'public',
    getPortfolioSalesCalculation: 'public',
    auditLog: 'staff',
    getAllAssetsUnderManagement: 'staff',
    warehouseReconciliation: 'staff',
    warehouseStockReports: 'staff',
    demoWarehouseAvailable: 'staff',
    backofficeSupplierStats: 'staff',
    backofficeServiceFeeStats: 'staff',
    backofficeSalesStats: 'staff',
    getAllManualQuotes: 'staff',
    manualQuoteOffers: 'staff',
    backofficeOffers: 'staff',
    allPartialOffers: 'staff',
    getDepotPositionsForOffer: 'staff',
    mySellOrders: 'client',
    allSellOrders: 'staff',
    syncChanges: 'client',
    holdingsSnapshots: 'public',
    holdingsProofPublicKey: 'public',
    myHoldingsProof: 'client',
    mySessions: 'client',
  },
  Mutation: {
    importWarehouseStockReport: 'staff',
    reportDemoWarehouseStock: 'staff',
    tokenAuth: 'public',
    registerPushSubscription: 'client',
    createOrUpdatePartialOffer: 'staff',
    deletePartialOffer: 'staff',
    updateAssetUnderManagement: 'staff',
    updateStorageId: 'staff',
    changeOfferAndPartialOffer: 'staff',
    createOfferAndPartialOffer: 'staff',
    updatePartialOfferForDepotPosition: 'staff',
    removePushSubscription: 'client',
    createOrderPosition: 'client',
    changeOrderPosition: 'client',
    deleteOrderPosition: 'client',
    createInvoice: 'client',
    changeInvoice: 'staff',
    markRefundDone: 'staff',
    createManualQuote: 'staff',
    deleteManualQuote: 'staff',
    archiveManualQuote: 'staff',
    duplicateManualQuote: 'staff',
    addOfferToManualQuote: 'staff',
    editBucketOnManualQuote: 'staff',
    updateManualQuotePosition: 'staff',
    createUserAndStripeInvoice: 'staff',
    changeInvoicePosition: 'staff',
    deleteInvoicePosition: 'staff',
    finalizeInvoice: 'client',
    refreshToken: 'public',
    register: 'public',
    activate: 'public',
    sendPasswordResetHash: 'public',
    resetPassword: 'public',
    changeUser: 'client',
    confirmEmailChange: 'public',
    requestPasswordLink: 'client',
    sendContactRequest: 'public',
    sendReferral: 'client',
    requestSoldOutNotification: 'client',
    sendContactFormMail: 'client',
    createPreferencesProfile: 'client',
    acceptAgbsAndDsgvo: 'public',
    addRecommendationsToOrderListOrBuyDirectly: 'client',
    createSellOrder: 'client',
    cancelSellOrder: 'client',
    approveSellOrder: 'staff',
    rejectSellOrder: 'staff',
    markPaymentThanksSeen: 'client',
    createHoldingsSnapshot: 'staff',
    logout: 'client',
    endSession: 'client',
    endOtherSessions: 'client',
  },
} satisfies {
  Query: Record<keyof QueryResolvers, Access>;
  Mutation: Record<keyof MutationResolvers, Access>;
};

export const accessMessages = {
  unauthenticated: 'Bitte melden Sie sich an, um fortzufahren.',
  forbidden: 'Für diese Aktion fehlt Ihnen die Berechtigung.',
};

export function assertAccess(access: Access, context: GraphQLContext): void {
  if (access === 'public') return;
  const user = signedInUser(context);
  if (access === 'staff' && !isStaffUser(user)) {
    throw new GraphQLError(accessMessages.forbidden, { extensions: { code: 'FORBIDDEN' } });
  }
}

/** The signed-in user, for resolvers whose policy already guarantees one. */
export function signedInUser(context: GraphQLContext): UserModel {
  if (!context.user) {
    throw new GraphQLError(accessMessages.unauthenticated, { extensions: { code: 'UNAUTHENTICATED' } });
  }
  return context.user;
}
