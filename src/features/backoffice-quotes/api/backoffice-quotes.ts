import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  AddOfferToManualQuoteDocument,
  ArchiveManualQuoteDocument,
  CreateManualQuoteDocument,
  CreateUserAndStripeInvoiceDocument,
  type CreateUserAndStripeInvoiceMutationVariables,
  DeleteManualQuoteDocument,
  DuplicateManualQuoteDocument,
  EditBucketOnManualQuoteDocument,
  type ManualQuoteFieldsFragment,
  ManualQuoteOffersDocument,
  type ManualQuoteOffersQuery,
  ManualQuotesDocument,
  UpdateManualQuotePositionDocument,
  type UpdateManualQuotePositionMutationVariables,
} from '../../../api/graphql.generated';
import { acceptedOrThrow, type RefusalReason } from '../../../api/mutation-refused';

export type ManualQuote = ManualQuoteFieldsFragment;
export type ManualQuotePosition = ManualQuote['recommendedPosition'][number];
export type ManualQuoteOffer = ManualQuoteOffersQuery['manualQuoteOffers'][number];

export const quoteKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'quotes'] as const,
  list: () => [...quoteKeys.all, 'list'] as const,
  offers: () => [...quoteKeys.all, 'offers'] as const,
};

/** The manual quotes that are not archived, newest first. */
export function useManualQuotes() {
  const client = useApiClient();
  return useQuery({
    queryKey: quoteKeys.list(),
    queryFn: async () => (await client.request(ManualQuotesDocument)).getAllManualQuotes,
  });
}

/** The offers the quote modal can add (loaded when a quote is opened). */
export function useManualQuoteOffers(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: quoteKeys.offers(),
    queryFn: async () => (await client.request(ManualQuoteOffersDocument)).manualQuoteOffers,
    enabled,
  });
}

interface Payload {
  success: boolean;
  errors: RefusalReason[];
  manualQuote?: ManualQuote | null;
}

/**
 * A quote mutation: refusals are thrown as `MutationRefused` and notified by the query client. The answered quote replaces (or, when
 * new, heads) its row at once — a deleted or archived one leaves the list — and the list is
 * refreshed after every change.
 */
function useQuoteMutation<Variables>(
  run: (variables: Variables) => Promise<Payload>,
  options: { removes?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => acceptedOrThrow(await run(variables)),
    onSuccess: (payload) => {
      const quote = payload.manualQuote;
      if (!quote) return;
      queryClient.setQueryData<ManualQuote[]>(quoteKeys.list(), (quotes) => {
        if (!quotes) return quotes;
        const others = quotes.filter((current) => current.id !== quote.id);
        if (options.removes) return others;
        return quotes.some((current) => current.id === quote.id)
          ? quotes.map((current) => (current.id === quote.id ? quote : current))
          : [quote, ...others];
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.list() }),
  });
}

export function useCreateManualQuote() {
  const client = useApiClient();
  return useQuoteMutation(
    async (email: string) => (await client.request(CreateManualQuoteDocument, { email })).createManualQuote,
  );
}

export function useDeleteManualQuote() {
  const client = useApiClient();
  return useQuoteMutation(
    async (id: number) => (await client.request(DeleteManualQuoteDocument, { id })).deleteManualQuote,
    { removes: true },
  );
}

export function useArchiveManualQuote() {
  const client = useApiClient();
  return useQuoteMutation(
    async (id: number) => (await client.request(ArchiveManualQuoteDocument, { id })).archiveManualQuote,
    { removes: true },
  );
}

export function useDuplicateManualQuote() {
  const client = useApiClient();
  return useQuoteMutation(
    async (variables: { id: number; email: string }) =>
      (await client.request(DuplicateManualQuoteDocument, variables)).duplicateManualQuote,
  );
}

export function useAddOfferToManualQuote() {
  const client = useApiClient();
  return useQuoteMutation(
    async (variables: { quoteId: number; offerId: number; amount: number }) =>
      (await client.request(AddOfferToManualQuoteDocument, variables)).addOfferToManualQuote,
  );
}

export function useEditBucketOnManualQuote() {
  const client = useApiClient();
  return useQuoteMutation(
    async (variables: { quoteId: number; bucket: string | null }) =>
      (await client.request(EditBucketOnManualQuoteDocument, variables)).editBucketOnManualQuote,
  );
}

export function useUpdateManualQuotePosition() {
  const client = useApiClient();
  return useQuoteMutation(
    async (variables: UpdateManualQuotePositionMutationVariables) =>
      (await client.request(UpdateManualQuotePositionDocument, variables)).updateManualQuotePosition,
  );
}

/** Creates the customer's account (when missing) and the provider invoice of a quote. */
export function useCreateUserAndStripeInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // Field errors go under the form's fields; an invoice that exists already is shown by the quote.
    meta: { inlineCodes: ['ALREADY_INVOICED'] },
    mutationFn: async (variables: CreateUserAndStripeInvoiceMutationVariables) =>
      acceptedOrThrow(
        (await client.request(CreateUserAndStripeInvoiceDocument, variables)).createUserAndStripeInvoice,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
