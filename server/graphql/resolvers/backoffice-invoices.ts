import { changeInvoicePosition, deleteInvoicePosition } from '../../services/backoffice-invoices';
import { signedInUser } from '../access';
import type { MutationResolvers } from '../resolvers-types.generated';

/** Back office, "Bestellungen und Rechnungen": corrections of an invoice in check (staff, see access.ts). */
export const backofficeInvoiceMutations = {
  changeInvoicePosition: (_parent, args, context) =>
    changeInvoicePosition(context.db, context.config.fees, signedInUser(context).id, args),
  deleteInvoicePosition: (_parent, { invoicePositionId }, context) =>
    deleteInvoicePosition(context.db, context.config.fees, signedInUser(context).id, invoicePositionId),
} satisfies MutationResolvers;
