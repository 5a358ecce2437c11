// Shared helpers for benchmarks under test/bench. A benchmark is a script run by `npm run bench`
// (scripts/bench.mjs); it prints one `BENCH_RESULT {json}` line per figure, and the runner prints
// the table with our figure, the reference figure measured in the same run, and their ratio, and
// writes every figure to .tmp/bench/results.json. `npm run bench:check` compares the ratios there
// (ours ÷ reference) with the committed test/bench/baseline.json.

/** One reported figure. */
export interface BenchResult {
  /** What was measured, e.g. "dispatch 100,000 topic messages to 10 handlers". */
  readonly name: string;
  /** Unit of the figures, e.g. "msg/s" or "ms p99". */
  readonly unit: string;
  /** Our figure. */
  readonly ours: number;
  /** The reference implementation's figure from the same run, when one exists. */
  readonly reference?: number;
  /** Name of the reference implementation. */
  readonly referenceName?: string;
  /** Whether a larger figure is better (throughput) or worse (latency, memory). */
  readonly higherIsBetter: boolean;
  /** The bar the issue sets, as text, e.g. "≥ 5× reference" or "p99 ≤ 25 ms". */
  readonly bar?: string;
  /** Whether the bar was met, when there is one. */
  readonly barMet?: boolean;
  /**
   * The spread of the ratio ours ÷ reference over repeated paired rounds (see `pairedRatio`):
   * the median ratio, the lowest and highest, and the number of rounds. When given, `ours` and
   * `reference` are the medians of their own figures.
   */
  readonly ratio?: RatioSpread;
}

/** The ratio ours ÷ reference over paired rounds. */
export interface RatioSpread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** (max − min) ÷ median. */
  readonly relativeSpread: number;
  readonly rounds: number;
}

export function report(result: BenchResult): void {
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
}

/**
 * Runs `fn` (which performs `opsPerCall` operations) repeatedly and returns operations per second,
 * the median of `batches` batches of at least `minMs` each, after one warm-up batch.
 */
export function throughput(fn: () => void, opsPerCall: number, batches = 5, minMs = 200): number {
  const rates: number[] = [];
  for (let b = 0; b <= batches; b++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < minMs) {
      fn();
      calls++;
      elapsed = performance.now() - start;
    }
    if (b > 0) rates.push((calls * opsPerCall * 1000) / elapsed);
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)] ?? 0;
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The spread of a list of ratios. */
export function spreadOf(ratios: readonly number[]): RatioSpread {
  const m = median(ratios);
  const min = Math.min(...ratios);
  const max = Math.max(...ratios);
  return { median: m, min, max, relativeSpread: (max - min) / m, rounds: ratios.length };
}

/**
 * Measures ours and the reference in alternating rounds (the order swapped every round, so a
 * slow spell of the shared machine falls on both) and returns the medians and the spread of the
 * per-round ratio ours ÷ reference. It runs at least `minRounds`, then more (up to `maxRounds`)
 * until the ratio's relative spread over the last `minRounds` rounds (max − min over median) is
 * within `targetSpread`: a noisy machine gets more rounds, and the spread printed says how far
 * the figure can be trusted.
 */
export async function pairedRatio(
  measureOurs: () => number | Promise<number>,
  measureReference: () => number | Promise<number>,
  { minRounds = 5, maxRounds = 15, targetSpread = 0.15 } = {},
): Promise<{ ours: number; reference: number; ratio: RatioSpread }> {
  const ours: number[] = [];
  const reference: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < maxRounds; round++) {
    let o: number;
    let r: number;
    if (round % 2 === 0) {
      o = await measureOurs();
      r = await measureReference();
    } else {
      r = await measureReference();
      o = await measureOurs();
    }
    ours.push(o);
    reference.push(r);
    ratios.push(o / r);
    if (
      ratios.length >= minRounds &&
      spreadOf(ratios.slice(-minRounds)).relativeSpread <= targetSpread
    )
      break;
  }
  return { ours: median(ours), reference: median(reference), ratio: spreadOf(ratios) };
}

/** "ratio 1.23 (1.10–1.31 over 7 rounds)". */
export function describeSpread(spread: RatioSpread): string {
  return `ratio ${spread.median.toFixed(2)} (${spread.min.toFixed(2)}–${spread.max.toFixed(2)} over ${spread.rounds} rounds)`;
}
