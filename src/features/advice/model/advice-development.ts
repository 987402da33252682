/** The portfolio development overlay: count 0–100 % over 3,5 s, then fade 0,5 s (spec entry/checkout §2.3). */
export const COUNT_MS = 3_500;
export const FADE_MS = 500;

/** Whole percent shown after `elapsed` ms (linear, clamped to 0–100). */
export function countAt(elapsed: number): number {
  return Math.min(100, Math.max(0, Math.floor((elapsed / COUNT_MS) * 100)));
}
