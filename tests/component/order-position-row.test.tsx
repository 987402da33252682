import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderPositionView } from '../../src/features/order-list/api/orders';
import { OrderPositionRow } from '../../src/features/order-list/ui/OrderPositionRow';
import { renderWithApp } from './support/render';

const position: OrderPositionView = {
  id: 41,
  amount: 2,
  conditionReport: false,
  datetimeAdded: '2026-11-20T10:00:00Z',
  fromRecommendation: null,
  agreedPriceBtl: null,
  priceBtl: '125.00',
  priceBtlStr: '125,00 €',
  priceCaseStr: '750,00 €',
  offer: {
    id: 9,
    caskOf: 6,
    sellPriceBtl: '125.00',
    priceBtlStr: '125,00 €',
    sellPriceCaseStr: '750,00 €',
    availableCases: 5,
    secondaryMarket: false,
    resaleOrigin: null,
    bottleSize: { id: 1, title: '0,75 l' },
    vintage: {
      id: 3,
      title: 'Sassicaia',
      year: 2019,
      lwin11: '10075282019',
      image: null,
      wine: { id: 2, title: 'Sassicaia', winery: { id: 1, title: 'Tenuta San Guido' } },
    },
  },
};

function renderRow(props: Partial<Parameters<typeof OrderPositionRow>[0]> = {}) {
  const onChange = vi.fn();
  const onRemove = vi.fn();
  const rendered = renderWithApp(
    <OrderPositionRow position={position} onChange={onChange} onRemove={onRemove} {...props} />,
  );
  return { ...rendered, onChange, onRemove };
}

describe('Orderposition', () => {
  it('shows wine, winery, bottle size, bottles per case and the case price', async () => {
    renderRow();
    const row = await screen.findByTestId('order-position');
    expect(within(row).getByText('Sassicaia 2019')).toBeTruthy();
    expect(row.textContent).toContain('Tenuta San Guido · 0,75 l · 6 Flaschen je Kiste');
    expect(row.textContent).toContain('750,00 € je Kiste (125,00 € je Flasche)');
    expect((screen.getByRole('textbox', { name: 'Kisten' }) as HTMLInputElement).value).toBe('2');
  });

  it('sends a typed amount once after the typing pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, onChange } = renderRow();
      const amount = await screen.findByRole('textbox', { name: 'Kisten' });
      await user.clear(amount);
      await user.type(amount, '4');
      expect(onChange).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(onChange.mock.calls).toEqual([[{ amount: 4 }]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no amount above the available cases', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, onChange } = renderRow();
      const amount = await screen.findByRole('textbox', { name: 'Kisten' });
      await user.clear(amount);
      await user.type(amount, '6');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(onChange).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the condition report at once when the box is ticked', async () => {
    const { user, onChange } = renderRow();
    const box = await screen.findByRole('checkbox', { name: 'Zustandsbericht' });
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(onChange.mock.calls).toEqual([[{ conditionReport: true }]]);
  });

  it('offers no condition report for an add still waiting offline, and says so', async () => {
    renderRow({ waiting: true, conditionReportLater: true });
    expect(await screen.findByText('Wählbar, sobald die Position übertragen ist')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Zustandsbericht' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('removes the position only after the confirmation; "Zurück" keeps it', async () => {
    const { user, onRemove } = renderRow();
    await user.click(await screen.findByRole('button', { name: 'Sassicaia 2019 entfernen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sassicaia 2019 entfernen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Zurück' }));
    expect(onRemove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sassicaia 2019 entfernen' }));
    const again = await screen.findByRole('dialog', { name: 'Sassicaia 2019 entfernen?' });
    await user.click(within(again).getByRole('button', { name: 'Entfernen' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows a bound position read-only: amount in words, no field, no removal', async () => {
    renderRow({ mode: 'display', position: { ...position, conditionReport: true } });
    const row = await screen.findByTestId('order-position');
    expect(row.textContent).toContain('2 Kisten · mit Zustandsbericht');
    expect(screen.queryByRole('textbox', { name: 'Kisten' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sassicaia 2019 entfernen' })).toBeNull();
  });
});
