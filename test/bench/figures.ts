/** One measured figure next to its target, as every benchmark module returns them. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** human-readable target, e.g. '>= 50000' or '<= 25' */
  target: string;
  met: boolean;
}

export const atLeast = (name: string, value: number, unit: string, target: number): BenchFigure => ({
  name,
  value,
  unit,
  target: `>= ${target}`,
  met: value >= target,
});

export const atMost = (name: string, value: number, unit: string, target: number): BenchFigure => ({
  name,
  value,
  unit,
  target: `<= ${target}`,
  met: value <= target,
});

/** a figure without a target: printed for context */
export const info = (name: string, value: number, unit: string): BenchFigure => ({ name, value, unit, target: '-', met: true });

/** nearest-rank percentile of unsorted samples */
export const percentile = (samples: number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
};

export const round = (value: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export const elapsedMs = (startedAt: bigint): number => Number(process.hrtime.bigint() - startedAt) / 1e6;
