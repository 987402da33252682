/**
 * Back office, tab "Orders and Invoices": the invoices in check, one invoice with its positions,
 * and the staff changes (number, date, check done, position amount/price, delete). A refusal of
 * the server (`success: false`) is thrown as `InvoiceCheckRefusal` with the German message.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GENERIC_ERROR } from '../domain/texts';
import { BACKOFFICE_QUERY_KEY } from './backoffice-key';
import { useApiClient } from './client';
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
  type InvoiceCheckPositionFieldsFragment,
} from './graphql.generated';

export type InvoiceCheckInvoice = InvoiceCheckFieldsFragment;
export type InvoiceCheckPosition = InvoiceCheckPositionFieldsFragment;
export type InvoiceCheckListEntry = InvoiceCheckListFieldsFragment;

export const invoiceCheckKeys = {
  all: [BACKOFFICE_QUERY_KEY, 'invoice-check'] as const,
  list: () => [...invoiceCheckKeys.all, 'list'] as const,
  invoice: (invoiceId: number) => [...invoiceCheckKeys.all, 'invoice', invoiceId] as const,
};

/** A change the server refused; `message` is German, `field` names the input it belongs to. */
export class InvoiceCheckRefusal extends Error {
  readonly code: string;
  readonly field: string | null;
  constructor(error: { message: string; code: string; field?: string | null }) {
    super(error.message);
    this.name = 'InvoiceCheckRefusal';
    this.code = error.code;
    this.field = error.field ?? null;
  }
}

/** The German text of a failed change: the server's reason, or the connection problem. */
export function invoiceCheckErrorMessage(error: unknown): string {
  return error instanceof InvoiceCheckRefusal
    ? error.message
    : 'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.';
}

function accepted(result: {
  success: boolean;
  errors: { message: string; code: string; field?: string | null }[];
  invoice?: InvoiceCheckInvoice | null;
}): InvoiceCheckInvoice | null {
  if (!result.success) {
    throw new InvoiceCheckRefusal(result.errors[0] ?? { message: GENERIC_ERROR, code: 'UNKNOWN' });
  }
  return result.invoice ?? null;
}

/** The invoice as the server answered it, then the list and the change histories are refetched. */
function applyInvoice(queryClient: QueryClient, invoice: InvoiceCheckInvoice | null) {
  if (invoice) queryClient.setQueryData(invoiceCheckKeys.invoice(invoice.id), invoice);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceCheckKeys.list() }),
    queryClient.invalidateQueries({ queryKey: [BACKOFFICE_QUERY_KEY, 'audit'] }),
  ]);
}

/** 'Choose ID': the invoices in stage check needed and those in check done (date and number). */
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
    mutationFn: async (variables: InvoiceCheckChangeInvoiceMutationVariables) =>
      accepted((await client.request(InvoiceCheckChangeInvoiceDocument, variables)).changeInvoice),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}

/** Amount and/or price per bottle of a position. */
export function useChangeInvoicePosition() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: InvoiceCheckChangePositionMutationVariables) =>
      accepted((await client.request(InvoiceCheckChangePositionDocument, variables)).changeInvoicePosition),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}

export function useDeleteInvoicePosition() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invoicePositionId: number) =>
      accepted(
        (await client.request(InvoiceCheckDeletePositionDocument, { invoicePositionId }))
          .deleteInvoicePosition,
      ),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
