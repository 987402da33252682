import { describe, expect, it } from 'vitest';
import { feeClientRow, feeMonthRow } from '../../src/features/backoffice-analytics/model/service-fee';

describe('rows of the panel "Servicegebühr"', () => {
  it('takes the month in cents', () => {
    expect(
      feeMonthRow({
        month: '2026-11',
        clients: 3,
        depotValue: '120000.00',
        feeNet: '225.00',
        feeGross: '267.75',
      }),
    ).toEqual({ month: '2026-11', clients: 3, depotValue: 12_000_000, feeNet: 22_500, feeGross: 26_775 });
  });

  it('names a client by name, else by e-mail address', () => {
    const client = {
      userId: 5,
      firstName: '',
      lastName: '',
      email: 'erika@example.org',
      depotValue: '10000.00',
      monthlyFeeNet: '18.75',
      monthlyFeeGross: '22.31',
      feeNetTotal: '225.00',
    };
    expect(feeClientRow(client)).toMatchObject({ name: 'erika@example.org', monthlyFeeNet: 1875 });
    expect(feeClientRow({ ...client, firstName: 'Erika', lastName: 'Mustermann' }).name).toBe(
      'Erika Mustermann',
    );
  });
});
