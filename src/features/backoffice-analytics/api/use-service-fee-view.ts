import {
  ANALYTICS_MONTHS,
  centsToEuros,
  formatMonth,
  TOP_CLIENTS,
} from '../../../domain/backoffice-analytics';
import { feeClientRow, feeMonthRow } from '../model/service-fee';
import { useServiceFeeStats } from './backoffice-analytics';

/**
 * The panel "Servicegebühr" as it shows: the months and top clients in cents, the newest month,
 * the sum of the months and the charts' data in euros.
 */
export function useServiceFeeView() {
  const stats = useServiceFeeStats(ANALYTICS_MONTHS, TOP_CLIENTS);
  const months = (stats.data?.months ?? []).map(feeMonthRow);
  return {
    stats,
    months,
    clients: (stats.data?.topClients ?? []).map(feeClientRow),
    current: months[months.length - 1],
    feeNetOfMonths: months.reduce((total, month) => total + month.feeNet, 0),
    chartData: months.map((month) => ({
      month: formatMonth(month.month),
      feeNet: centsToEuros(month.feeNet),
      depotValue: centsToEuros(month.depotValue),
    })),
  };
}

export type ServiceFeeView = ReturnType<typeof useServiceFeeView>;
