import {
  addOfferToManualQuote,
  archiveManualQuote,
  createManualQuote,
  deleteManualQuote,
  duplicateManualQuote,
  editBucketOnManualQuote,
  updateManualQuotePosition,
} from '../../services/backoffice-quote-edits';
import { createUserAndInvoiceForQuote } from '../../services/backoffice-quote-invoice';
import { listManualQuotes, manualQuoteOffers } from '../../services/backoffice-quotes';
import { createPaymentProvider } from '../../services/payments';
import { signedInUser } from '../access';
import type { MutationResolvers, QueryResolvers } from '../resolvers-types.generated';

export const quoteQueries = {
  getAllManualQuotes: (_parent, _args, context) => listManualQuotes(context.db, context.config),
  manualQuoteOffers: (_parent, _args, context) => manualQuoteOffers(context.db),
} satisfies QueryResolvers;

export const quoteMutations = {
  createManualQuote: (_parent, { email }, context) =>
    createManualQuote(context.db, context.config, signedInUser(context), email),
  deleteManualQuote: (_parent, { id }, context) =>
    deleteManualQuote(context.db, context.config, signedInUser(context), id),
  archiveManualQuote: (_parent, { id }, context) =>
    archiveManualQuote(context.db, context.config, signedInUser(context), id),
  duplicateManualQuote: (_parent, args, context) =>
    duplicateManualQuote(context.db, context.config, signedInUser(context), args),
  addOfferToManualQuote: (_parent, args, context) =>
    addOfferToManualQuote(context.db, context.config, signedInUser(context), args),
  editBucketOnManualQuote: (_parent, args, context) =>
    editBucketOnManualQuote(context.db, context.config, signedInUser(context), args),
  updateManualQuotePosition: (_parent, args, context) =>
    updateManualQuotePosition(context.db, context.config, signedInUser(context), args),
  createUserAndStripeInvoice: async (_parent, args, context) => {
    const result = await createUserAndInvoiceForQuote(
      context.db,
      {
        settings: context.config,
        fees: context.config.fees,
        provider: createPaymentProvider(context.db, context.config),
      },
      signedInUser(context),
      args,
    );
    // The check mails the client (and pushes) through the outbox, also when paying failed later.
    context.nudgeOutbox();
    return result;
  },
} satisfies MutationResolvers;
