import { GraphQLError } from 'graphql';
import { decimalToCents, formatEuro } from '../../../src/domain/money';
import { lineTotalCents } from '../../../src/domain/offer-pricing';
import { vintageLabel } from '../../../src/domain/order-list-texts';
import { isStaffUser } from '../../../src/domain/staff';
import { isBusinessClient } from '../../../src/domain/vat-id';
import { eInvoiceXmlUrl } from '../../services/e-invoice';
import { clientError, ok, refused } from '../../services/errors';
import { markRefundDone } from '../../services/invoice-cancellation';
import { changeInvoice } from '../../services/invoice-check';
import { type InvoiceDocumentKind, invoiceDocumentPdfUrl } from '../../services/invoice-documents';
import { finalizeInvoice } from '../../services/invoice-payment';
import {
  findInvoice,
  type InvoiceRow,
  listInvoices,
  markPaymentThanksSeen,
  stagesFor,
  unseenPaymentThanks,
} from '../../services/invoices';
import { createInvoice } from '../../services/orders';
import { createPaymentProvider } from '../../services/payments';
import { signedInUser } from '../access';
import type { GraphQLContext } from '../context';
import type { Loaders } from '../loaders';
import type {
  InvoicePositionResolvers,
  InvoiceResolvers,
  MutationResolvers,
  QueryResolvers,
} from '../resolvers-types.generated';
import { costSummaryView } from '../shared-views';

async function required<Row>(load: Promise<Row | null>, what: string): Promise<Row> {
  const row = await load;
  if (!row) throw new GraphQLError(`${what} fehlt`);
  return row;
}

const cents = (value: string) => decimalToCents(value);

export const invoiceQueries = {
  // The order list asks for five stage groups: one read of the client's recent invoices serves all.
  orderListInvoices: async (_parent, { stage }, context) => {
    const stages = stagesFor(stage);
    const invoices = await context.loaders.orderListInvoices(signedInUser(context).id);
    return stages ? invoices.filter((invoice) => stages.includes(invoice.stage)) : invoices;
  },
  getInvoiceById: (_parent, { invoiceId }, context) =>
    findInvoice(context.db, signedInUser(context), invoiceId),
  clientsInvoices: (_parent, { stage }, context) => listInvoices(context.db, signedInUser(context), stage),
  unseenPaymentThanks: (_parent, _args, context) => unseenPaymentThanks(context.db, signedInUser(context)),
  stripeCustomerPortalSession: async (_parent, _args, context) => {
    const user = signedInUser(context);
    try {
      const provider = createPaymentProvider(context.db, context.config);
      return {
        sessionUrl: await provider.customerPortalUrl(user, `${context.config.publicUrl}/admin/invoices`),
      };
    } catch {
      throw clientError(
        'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
        'PROVIDER_UNAVAILABLE',
      );
    }
  },
} satisfies QueryResolvers;

async function invoicePayload(
  context: GraphQLContext,
  result: { success: boolean; errors: { message: string; code: string; field: string | null }[] },
  invoiceId: number | null | undefined,
) {
  const user = signedInUser(context);
  return {
    success: result.success,
    errors: result.errors,
    invoice: invoiceId ? await findInvoice(context.db, user, invoiceId) : null,
  };
}

export const invoiceMutations = {
  createInvoice: async (_parent, { clientMutationId }, context) => {
    const result = await createInvoice(context.db, signedInUser(context).id, {
      clientMutationId,
      fees: context.config.fees,
    });
    if (result.success) context.nudgeOutbox();
    return invoicePayload(context, result, result.id);
  },
  changeInvoice: async (_parent, args, context) => {
    const result = await changeInvoice(
      context.db,
      context.config,
      signedInUser(context),
      args,
      args.stage === 'CANCELLED' ? createPaymentProvider(context.db, context.config) : undefined,
    );
    if (result.success) context.nudgeOutbox();
    return invoicePayload(context, result, result.invoice?.id ?? null);
  },
  markRefundDone: async (_parent, { invoiceId }, context) => {
    const result = await markRefundDone(context.db, signedInUser(context), invoiceId);
    return invoicePayload(context, result, result.invoice?.id ?? null);
  },
  markPaymentThanksSeen: async (_parent, { invoiceId }, context) =>
    (await markPaymentThanksSeen(context.db, signedInUser(context), invoiceId))
      ? ok()
      : refused('NOT_FOUND', 'Diese Rechnung ist nicht bezahlt oder nicht Ihre.'),
  finalizeInvoice: (_parent, { invoiceId }, context) =>
    finalizeInvoice(
      context.db,
      createPaymentProvider(context.db, context.config),
      signedInUser(context),
      invoiceId,
    ),
} satisfies MutationResolvers;

const positionsOf = (invoiceId: number, loaders: Loaders) =>
  loaders.invoicePositionsByInvoice.load(invoiceId);

/** A numbered invoice of a business client has its e-invoice (`services/e-invoice.ts`). */
async function hasEInvoice(invoice: InvoiceRow, loaders: Loaders) {
  if (!invoice.invoiceNumber) return false;
  const client = await loaders.user.load(invoice.userId);
  return Boolean(client && isBusinessClient(client));
}

async function invoiceDocumentView(
  invoice: InvoiceRow,
  kind: InvoiceDocumentKind,
  { loaders, config }: GraphQLContext,
) {
  const document = (await loaders.invoiceDocumentsByInvoice.load(invoice.id)).find(
    (row) => row.kind === kind,
  );
  return document
    ? {
        number: document.number,
        date: document.issuedOn,
        pdfUrl: invoiceDocumentPdfUrl(config.publicUrl, invoice, kind),
        eInvoiceXmlUrl: (await hasEInvoice(invoice, loaders))
          ? eInvoiceXmlUrl(config.publicUrl, invoice, kind)
          : null,
      }
    : null;
}

export const invoiceTypes = {
  Invoice: {
    invoiceDate: (invoice) => invoice.invoiceDate,
    stripeInvoiceNumber: (invoice) => invoice.providerInvoiceNumber ?? invoice.invoiceNumber,
    stripeInvoicePdfUrl: (invoice, _args, { config }) =>
      invoice.invoiceNumber
        ? `${config.publicUrl}/invoices/${invoice.invoicePdfViewPermissionToken}.pdf`
        : null,
    stripeHostedInvoiceUrl: (invoice) => invoice.hostedInvoiceUrl,
    eInvoiceXmlUrl: async (invoice, _args, { config, loaders }) =>
      (await hasEInvoice(invoice, loaders)) ? eInvoiceXmlUrl(config.publicUrl, invoice, 'INVOICE') : null,
    lateProviderEventAt: (invoice, _args, context) =>
      isStaffUser(context.user) ? invoice.lateProviderEventAt : null,
    lateProviderEventOutcome: (invoice, _args, context) =>
      isStaffUser(context.user) ? invoice.lateProviderEventOutcome : null,
    refundDoneAt: (invoice, _args, context) => (isStaffUser(context.user) ? invoice.refundDoneAt : null),
    paymentThanksSeen: (invoice) => invoice.paymentThanksSeenAt !== null,
    user: (invoice, _args, { loaders }) => required(loaders.user.load(invoice.userId), 'Kunde'),
    positions: (invoice, _args, { loaders }) => positionsOf(invoice.id, loaders),
    cancellationInvoice: (invoice, _args, context) => invoiceDocumentView(invoice, 'CANCELLATION', context),
    finalInvoice: (invoice, _args, context) => invoiceDocumentView(invoice, 'FINAL', context),
    invoicePositionsRel: (invoice, _args, { loaders }) => positionsOf(invoice.id, loaders),
    overallSumStr: (invoice) => formatEuro(cents(invoice.overallSum)),
    sums: async (invoice, _args, { loaders }) => {
      const positions = await positionsOf(invoice.id, loaders);
      return costSummaryView({
        cases: positions.reduce((sum, position) => sum + position.amount, 0),
        vintagesSum: cents(invoice.vintagesSum),
        logisticsSum: cents(invoice.logisticsSum),
        conditionReportSum: cents(invoice.conditionReportSum),
        upfrontStorageSum: cents(invoice.upfrontStorageSum),
        managementFeeMonthly: cents(invoice.managementFeeMonthly),
        managementFeeYearly: cents(invoice.managementFeeYearly),
        overallSum: cents(invoice.overallSum),
      });
    },
  } satisfies InvoiceResolvers,
  InvoicePosition: {
    offer: (position, _args, { loaders }) => required(loaders.offer.load(position.offerId), 'Angebot'),
    vintage: (position, _args, { loaders }) => required(loaders.vintage.load(position.vintageId), 'Jahrgang'),
    vintageTitle: async (position, _args, { loaders }) => {
      const vintage = await required(loaders.vintage.load(position.vintageId), 'Jahrgang');
      return vintageLabel(vintage.title, vintage.year);
    },
    bottleSize: (position, _args, { loaders }) =>
      required(loaders.bottleSize.load(position.bottleSizeId), 'Flaschengröße'),
    buyPriceBtlStr: (position) => formatEuro(cents(position.buyPriceBtl)),
    sumStr: (position) => formatEuro(lineTotalCents(position.amount, position.caskOf, position.buyPriceBtl)),
  } satisfies InvoicePositionResolvers,
};
