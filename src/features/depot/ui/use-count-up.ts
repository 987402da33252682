import { useEffect, useState } from 'react';
import { countUpDuration, countUpValue } from '../model/count-up';

/** Counts from 0 to `target` once (and again when it changes); users who prefer reduced motion see the value at once. */
export function useCountUp(target: number): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setValue(target);
      return;
    }
    const duration = countUpDuration(target);
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const elapsed = now - start;
      setValue(countUpValue(target, elapsed, duration));
      if (elapsed < duration) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return value;
}
