/**
 * Sums of a demo invoice, in cents. Logistics and upfront storage are charged per case; the
 * management fee is 2.25 % of the wine value per year including 19 % VAT, billed monthly,
 * and the overall sum contains the first monthly fee.
 */
import { costSummary } from '../../../src/domain/order-costs';
import { fromCents } from '../deterministic';

export interface InvoiceLine {
  amount: number;
  caskOf: number;
  buyPriceBtl: string;
  conditionReport: boolean;
}

/** The portal's own cost summary (src/domain/order-costs.ts) with its default fees. */
export function invoiceSums(lines: readonly InvoiceLine[]) {
  const sums = costSummary(lines.map((line) => ({ ...line, priceBtl: line.buyPriceBtl })));
  return {
    vintagesSum: fromCents(sums.vintagesSum),
    logisticsSum: fromCents(sums.logisticsSum),
    conditionReportSum: fromCents(sums.conditionReportSum),
    upfrontStorageSum: fromCents(sums.upfrontStorageSum),
    managementFeeMonthly: fromCents(sums.managementFeeMonthly),
    managementFeeYearly: fromCents(sums.managementFeeYearly),
    overallSum: fromCents(sums.overallSum),
  };
}
