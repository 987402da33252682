import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/search';

export interface SearchDebouncer {
  /** A new text: restarts the wait; only the last text of a burst is settled. */
  push(text: string): void;
  /** Drops a pending text (the screen is left). */
  cancel(): void;
}

/** Settles the last pushed search text once 1500 ms (`SEARCH_DEBOUNCE_MS`) passed without a new one. */
export function createSearchDebouncer(settle: (text: string) => void): SearchDebouncer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    push(text) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        settle(text);
      }, SEARCH_DEBOUNCE_MS);
    },
    cancel,
  };
}

/** The search text the offer search uses: what was typed, once typing paused for 1500 ms. */
export function useDebouncedSearch(text: string): string {
  const [settled, setSettled] = useState(text);
  const [debouncer] = useState(() => createSearchDebouncer(setSettled));
  useEffect(() => debouncer.push(text), [debouncer, text]);
  useEffect(() => debouncer.cancel, [debouncer]);
  return settled;
}
