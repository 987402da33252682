import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DepotPositionInput, toDepotRow } from '../../src/features/depot/model/depot-rows';
import { DepotPositionCard } from '../../src/features/depot/ui/DepotPositionCard';
import { depotPosition } from '../unit/support/depot-position';
import { renderWithApp } from './support/render';

const now = new Date('2026-12-07T12:00:00Z');

const inBond = (warehouseConfirmedOn: string | null): DepotPositionInput =>
  depotPosition({
    id: 7,
    amount: 2,
    caskOf: 6,
    buyPriceBtl: '120.00',
    storageId: 'GE-20260005-01-01, GE-20260005-01-02',
    warehouseConfirmedOn,
    bottleSize: { title: '0,75l', factorForLiterPrices: '0.7500' },
    depotPositionStatusRel: [
      { status: 'PURCHASED', datetimeStatusUpdate: '2026-11-01T10:00:00Z' },
      { status: 'IN_BOND', datetimeStatusUpdate: '2026-11-20T10:00:00Z' },
    ],
    vintage: {
      id: 70,
      title: 'Tignanello 2017',
      year: 2017,
      image: null,
      enPrimeurDeliveryDate: null,
      valuationRel: [],
      wine: { title: 'Tignanello', winery: { title: 'Marchesi Antinori', region: { title: 'Toskana' } } },
    },
  });

describe('the depot card and the warehouse', () => {
  it('names the storage numbers and the day once the warehouse confirmed the cases', () => {
    renderWithApp(<DepotPositionCard row={toDepotRow(inBond('2026-12-01'), now)} />);
    expect(screen.getByTestId('position-warehouse-confirmed').textContent).toBe(
      'im Lager bestätigt am 01.12.2026',
    );
    expect(screen.getByText('GE-20260005-01-01, GE-20260005-01-02')).toBeTruthy();
    expect(screen.queryByTestId('position-warehouse-unconfirmed')).toBeNull();
  });

  it('says that the warehouse has not confirmed cases booked in bond, and names no storage numbers', () => {
    renderWithApp(<DepotPositionCard row={toDepotRow(inBond(null), now)} />);
    expect(screen.getByTestId('position-warehouse-unconfirmed').textContent).toBe(
      'Einlagerung vom Lager noch nicht bestätigt',
    );
    expect(screen.queryByText(/GE-20260005/)).toBeNull();
    expect(screen.queryByTestId('position-warehouse-confirmed')).toBeNull();
  });
});
