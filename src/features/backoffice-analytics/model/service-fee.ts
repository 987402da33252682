import { decimalToCents } from '../../../domain/money';

/** One month of the service fee, in cents. */
export interface FeeMonthRow {
  month: string;
  clients: number;
  depotValue: number;
  feeNet: number;
  feeGross: number;
}

/** One of the clients paying the most, in cents. */
export interface FeeClientRow {
  userId: number;
  name: string;
  email: string;
  depotValue: number;
  monthlyFeeNet: number;
  monthlyFeeGross: number;
  feeNetTotal: number;
}

interface FeeMonthAnswer {
  month: string;
  clients: number;
  depotValue: string;
  feeNet: string;
  feeGross: string;
}

interface FeeClientAnswer {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  depotValue: string;
  monthlyFeeNet: string;
  monthlyFeeGross: string;
  feeNetTotal: string;
}

export const feeMonthRow = (month: FeeMonthAnswer): FeeMonthRow => ({
  month: month.month,
  clients: month.clients,
  depotValue: decimalToCents(month.depotValue),
  feeNet: decimalToCents(month.feeNet),
  feeGross: decimalToCents(month.feeGross),
});

/** A client by name, else by e-mail address. */
export const feeClientRow = (client: FeeClientAnswer): FeeClientRow => ({
  userId: client.userId,
  name: `${client.firstName} ${client.lastName}`.trim() || client.email,
  email: client.email,
  depotValue: decimalToCents(client.depotValue),
  monthlyFeeNet: decimalToCents(client.monthlyFeeNet),
  monthlyFeeGross: decimalToCents(client.monthlyFeeGross),
  feeNetTotal: decimalToCents(client.feeNetTotal),
});
