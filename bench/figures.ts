/**
 * Figures of the benchmarks for the one summary table of `npm run bench` (`bench/all.ts`): each
 * bench records its key figures here; with `BENCH_FIGURES_FILE` set they are appended to that
 * file as JSON lines, otherwise recording does nothing (the bench's own output stays as it is).
 */
import { appendFileSync } from 'node:fs';

export interface Figure {
  bench: string;
  figure: string;
  value: string;
  /** The goal or budget, e.g. "≤ 170 KB"; empty when there is none. */
  goal: string;
}

export function recordFigure(bench: string, figure: string, value: string, goal = ''): void {
  const file = process.env.BENCH_FIGURES_FILE;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ bench, figure, value, goal } satisfies Figure)}\n`);
}
