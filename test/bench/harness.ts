// Shared helpers for benchmarks under test/bench. A benchmark is a script run by `npm run bench`
// (scripts/bench.mjs); it prints one `BENCH_RESULT {json}` line per figure, and the runner prints
// the table with our figure, the reference figure measured in the same run, and their ratio.

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
