/**
 * Back office, tab "Bestellungen und Rechnungen": the invoices in check, one invoice with its positions,
 * and the staff changes (number, date, check done, position amount/price, delete). A refusal of
 * the server (`success: false`) is thrown as `MutationRefused`; the query client notifies it (or a
 * connection problem) under the title of the change.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_QUERY_KEY } from '../../../api/backoffice-key';
import { useApiClient } from '../../../api/client';
import {
  InvoiceCheckChangeInvoiceDocument,
  type InvoiceCheckChangeInvoiceMutationVariables,
  InvoiceCheckChangePositionDocument,
  type InvoiceCheckChangePositionMutationVariables,
  InvoiceCheckDeletePositionDocument,
  type InvoiceCheckFieldsFragment,
  InvoiceCheckInvoiceDocument,
  InvoiceCheckListDocument,
  type InvoiceCheckListFieldsFragment,
  InvoiceCheckMarkRefundDoneDocument,
  type InvoiceCheckPositionFieldsFragment,
} from '../../../api/graphql.generated';
import { errorTitleBy } from '../../../api/mutation-errors';
import { acceptedOrThrow, type RefusalReason } from '../../../api/mutation-refused';
import { CONNECTION_FAILED } from '../../../domain/error-texts';

export type InvoiceCheckInvoice = InvoiceCheckFieldsFragment;
export type InvoiceCheckPosition = InvoiceCheckPositionFieldsFragment;
export type InvoiceCheckListEntry = InvoiceCheckListFieldsFragment;

export const invoiceCheckKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'invoice-check'] as const,
  list: () => [...invoiceCheckKeys.all, 'list'] as const,
  invoice: (invoiceId: number) => [...invoiceCheckKeys.all, 'invoice', invoiceId] as const,
};

function accepted(result: {
  success: boolean;
  errors: RefusalReason[];
  invoice?: InvoiceCheckInvoice | null;
}): InvoiceCheckInvoice | null {
  return acceptedOrThrow(result).invoice ?? null;
}

/** Which change of the invoice failed: the title of its notification. */
function invoiceChangeErrorTitle(variables: InvoiceCheckChangeInvoiceMutationVariables): string {
  if (variables.stage === 'CHECK_DONE') return 'Prüfung nicht abgeschlossen';
  if (variables.stage === 'CANCELLED') return 'Rechnung nicht storniert';
  if (variables.date) return 'Rechnungsdatum nicht gespeichert';
  return 'Rechnungsnummer nicht gespeichert';
}

/** The invoice as the server answered it, then the list and the change histories are refetched. */
function applyInvoice(queryClient: QueryClient, invoice: InvoiceCheckInvoice | null) {
  if (invoice) queryClient.setQueryData(invoiceCheckKeys.invoice(invoice.id), invoice);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceCheckKeys.list() }),
    queryClient.invalidateQueries({ queryKey: [BACKOFFICE_QUERY_KEY, 'audit'] }),
  ]);
}

/** "Rechnung wählen": the invoices in CHECK_NEEDED and those in CHECK_DONE (date and number). */
export function useInvoiceCheckList() {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceCheckKeys.list(),
    queryFn: () => client.request(InvoiceCheckListDocument),
  });
}

/** The chosen invoice with its positions and sums. */
export function useInvoiceCheckInvoice(invoiceId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceCheckKeys.invoice(invoiceId ?? 0),
    queryFn: async () =>
      (await client.request(InvoiceCheckInvoiceDocument, { invoiceId: invoiceId ?? 0 })).getInvoiceById,
    enabled: invoiceId !== null,
  });
}

/** Invoice number, date, or the stage change CHECK_NEEDED → CHECK_DONE (`changeInvoice`). */
export function useChangeCheckedInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitleOf: errorTitleBy(invoiceChangeErrorTitle), fallbackMessage: CONNECTION_FAILED },
    mutationFn: async (variables: InvoiceCheckChangeInvoiceMutationVariables) =>
      accepted((await client.request(InvoiceCheckChangeInvoiceDocument, variables)).changeInvoice),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}

/** A payment that arrived after the cancellation has been refunded: the flag goes away. */
export function useMarkRefundDone() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Erstattung nicht vermerkt', fallbackMessage: CONNECTION_FAILED },
    mutationFn: async (invoiceId: number) =>
      accepted((await client.request(InvoiceCheckMarkRefundDoneDocument, { invoiceId })).markRefundDone),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}

/** Amount and/or price per bottle of a position. */
export function useChangeInvoicePosition() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Position nicht gespeichert', fallbackMessage: CONNECTION_FAILED },
    mutationFn: async (variables: InvoiceCheckChangePositionMutationVariables) =>
      accepted((await client.request(InvoiceCheckChangePositionDocument, variables)).changeInvoicePosition),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}

export function useDeleteInvoicePosition() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Position nicht gelöscht', fallbackMessage: CONNECTION_FAILED },
    mutationFn: async (invoicePositionId: number) =>
      accepted(
        (await client.request(InvoiceCheckDeletePositionDocument, { invoicePositionId }))
          .deleteInvoicePosition,
      ),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
