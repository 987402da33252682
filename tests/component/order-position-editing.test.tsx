import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SAVE_DELAY_MS,
  useOrderPositionEditing,
} from '../../src/features/order-list/api/order-position-editing';
import type { OrderPositionView } from '../../src/features/order-list/api/orders';
import { renderHookWithApp } from './support/render';

const position = {
  id: 41,
  amount: 2,
  conditionReport: false,
  offer: { availableCases: 5 },
} as OrderPositionView; // only the fields the editing reads

function renderEditing() {
  const onChange = vi.fn();
  const onRemove = vi.fn();
  const rendered = renderHookWithApp(() => useOrderPositionEditing(position, { onChange, onRemove }));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { ...rendered, onChange, onRemove };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('editing an order position', () => {
  it('sends the typed amount after the typing pause, only the last one', () => {
    const { result, onChange } = renderEditing();
    expect(result.current?.maxCases).toBe(5);
    act(() => result.current?.changeAmount(3));
    act(() => result.current?.changeAmount(4));
    expect(result.current?.amount).toBe(4);
    act(() => vi.advanceTimersByTime(SAVE_DELAY_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ amount: 4 });
  });

  it('sends nothing for an empty box, an amount beyond the available cases or the saved one', () => {
    const { result, onChange } = renderEditing();
    for (const typed of ['', 6, 2]) act(() => result.current?.changeAmount(typed));
    act(() => vi.advanceTimersByTime(SAVE_DELAY_MS));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sends a typed amount at once when the row goes away before the pause ends', () => {
    const { result, onChange, unmount } = renderEditing();
    act(() => result.current?.changeAmount(3));
    unmount();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ amount: 3 });
  });

  it('sends a typed amount at once when the box is left, and not again after the pause', () => {
    const { result, onChange } = renderEditing();
    act(() => result.current?.changeAmount(3));
    act(() => result.current?.flushAmount());
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ amount: 3 });
    act(() => vi.advanceTimersByTime(SAVE_DELAY_MS));
    act(() => result.current?.flushAmount());
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('ticks the condition report at once and removes only after the question', () => {
    const { result, onChange, onRemove } = renderEditing();
    act(() => result.current?.changeConditionReport(true));
    expect(result.current?.conditionReport).toBe(true);
    expect(onChange).toHaveBeenCalledWith({ conditionReport: true });
    act(() => result.current?.askRemove());
    expect(result.current?.confirming).toBe(true);
    act(() => result.current?.cancelRemove());
    expect(onRemove).not.toHaveBeenCalled();
    act(() => result.current?.askRemove());
    act(() => result.current?.confirmRemove());
    expect(result.current?.confirming).toBe(false);
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
