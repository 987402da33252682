import type { BackofficeServiceFeeStatsQuery } from '../../../src/api/graphql.generated';

type ServiceFeeStats = BackofficeServiceFeeStatsQuery['backofficeServiceFeeStats'];

/**
 * The service-fee figures of two months as the server answers them (decimal strings): 4 depots
 * worth 130.000,50 € in November, a client with a name and one known by e-mail address only.
 */
export const serviceFeeStats = {
  months: [
    { month: '2026-10', depotValue: '120000.00', feeNet: '225.00', feeGross: '267.75', clients: 3 },
    { month: '2026-11', depotValue: '130000.50', feeNet: '243.75', feeGross: '290.06', clients: 4 },
  ],
  topClients: [
    {
      userId: 5,
      email: 'erika@example.org',
      firstName: 'Erika',
      lastName: 'Mustermann',
      depotValue: '80000.00',
      monthlyFeeNet: '150.00',
      monthlyFeeGross: '178.50',
      feeNetTotal: '1800.00',
    },
    {
      userId: 6,
      email: 'ohne.name@example.org',
      firstName: '',
      lastName: '',
      depotValue: '50000.50',
      monthlyFeeNet: '93.75',
      monthlyFeeGross: '111.56',
      feeNetTotal: '468.75',
    },
  ],
  clientCount: 4,
  feeBasisPoints: 225,
  vatBasisPoints: 1900,
} satisfies ServiceFeeStats;

/** The same months without any depot value: nothing to charge yet. */
export const noServiceFee = {
  ...serviceFeeStats,
  months: serviceFeeStats.months.map((month) => ({
    ...month,
    depotValue: '0.00',
    feeNet: '0.00',
    feeGross: '0.00',
    clients: 0,
  })),
  topClients: [],
  clientCount: 0,
} satisfies ServiceFeeStats;
