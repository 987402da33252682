/** Count-up animation of the depot figures (spec client area §9: 1 to 2.2 seconds). */
export const COUNT_UP_MIN_MS = 1000;
export const COUNT_UP_MAX_MS = 2200;

/** Larger figures count a little longer: 1 s for small values up to 2.2 s from a million on. */
export function countUpDuration(target: number): number {
  const magnitude = Math.log10(Math.max(1, Math.abs(target)));
  return Math.round(
    Math.min(COUNT_UP_MAX_MS, COUNT_UP_MIN_MS + (magnitude / 6) * (COUNT_UP_MAX_MS - COUNT_UP_MIN_MS)),
  );
}

/** The value shown `elapsed` ms into an ease-out count from 0 to `target`. */
export function countUpValue(target: number, elapsed: number, duration: number): number {
  if (elapsed >= duration) return target;
  const progress = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - progress) ** 3;
  return target * eased;
}
