import { useEffect, useRef, useState } from 'react';
import { amountToSend, positionMaxCases } from '../model/order-list-view';
import type { OrderPositionView } from './orders';

/** How long the amount box waits for a typing pause before the amount is sent. */
export const SAVE_DELAY_MS = 500;

export type OrderPositionChange = { amount?: number; conditionReport?: boolean };

/**
 * A position row's editing: the amount as typed (sent after a typing pause, at once when the box
 * is left or the row goes away before it ends, so a typed amount is never dropped or overtaken), the condition-report box
 * (follows the click at once; the saved value or a rollback arrives through `position`) and the
 * question before removing.
 */
export function useOrderPositionEditing(
  position: OrderPositionView,
  { onChange, onRemove }: { onChange?: (change: OrderPositionChange) => void; onRemove?: () => void },
) {
  const [amount, setAmount] = useState<number | string>(position.amount);
  const [conditionReport, setConditionReport] = useState(position.conditionReport);
  const [confirming, setConfirming] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const maxCases = positionMaxCases(position);

  useEffect(() => setAmount(position.amount), [position.amount]);
  useEffect(() => setConditionReport(position.conditionReport), [position.conditionReport]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      pending.current?.();
    },
    [],
  );

  return {
    amount,
    maxCases,
    changeAmount: (typed: number | string) => {
      setAmount(typed);
      if (timer.current) clearTimeout(timer.current);
      pending.current = null;
      const value = amountToSend(typed, maxCases, position.amount);
      if (value === null) return;
      const send = () => {
        timer.current = null;
        pending.current = null;
        onChange?.({ amount: value });
      };
      pending.current = send;
      timer.current = setTimeout(send, SAVE_DELAY_MS);
    },
    /**
     * Sends a typed amount at once when the box is left: the next step (the binding order's
     * button, reached by a click or by Tab) never starts before the amount it shows is on its way.
     */
    flushAmount: () => {
      if (timer.current) clearTimeout(timer.current);
      pending.current?.();
    },
    conditionReport,
    changeConditionReport: (checked: boolean) => {
      setConditionReport(checked);
      onChange?.({ conditionReport: checked });
    },
    confirming,
    askRemove: () => setConfirming(true),
    cancelRemove: () => setConfirming(false),
    confirmRemove: () => {
      setConfirming(false);
      onRemove?.();
    },
  };
}
