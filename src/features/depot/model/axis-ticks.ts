/** Axis ticks of the line charts that set their own (recharts' own ticks may repeat a rounded label). */

/**
 * Round axis ticks from `min` to `max`: at most `count` steps of 1, 2, 2.5 or 5 times a power of
 * ten (at least `minStep`), so neighbouring labels always differ and rise.
 */
export function axisTicks(min: number, max: number, count: number, minStep: number): number[] {
  const span = Math.max(max - min, minStep);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    minStep,
    ([1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ??
      10 * power) as number,
  );
  const low = Math.floor(min / step) * step;
  const high = Math.max(Math.ceil(max / step) * step, low + step);
  const ticks: number[] = [];
  // Rounded to 1e-6, so 0.1 + 0.2 style sums do not leave 100.30000000000001 labels.
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(Math.round(tick * 1e6) / 1e6);
  return ticks;
}
