// `node scripts/stress.mjs`: keeps every core busy, so that a test run can be tried under the load
// of a busy machine (the end-to-end suite must pass under it). One worker thread per
// core spins on SHA-256 until the time is up or the process gets SIGINT/SIGTERM; then it stops by
// itself and prints how long it ran.
//
//   node scripts/stress.mjs [--minutes 45] [--workers <cores>]
//
// For example, beside a full end-to-end run:
//   node scripts/stress.mjs --minutes 90 & npx playwright test; kill %1
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, workerData } from 'node:worker_threads';

if (!isMainThread) {
  // A worker: hashes in slices of ~50 ms until its deadline, checking it between slices.
  const { until } = workerData;
  const block = Buffer.alloc(64 * 1024, 1);
  while (Date.now() < until) {
    const sliceEnd = Date.now() + 50;
    while (Date.now() < sliceEnd) createHash('sha256').update(block).digest();
  }
} else {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '45' },
      workers: { type: 'string', default: String(availableParallelism()) },
    },
  });
  const minutes = Number(values.minutes);
  const count = Number(values.workers);
  // Bounded: at most 4 hours, at least one worker, at most 64.
  if (!(minutes > 0 && minutes <= 240) || !(Number.isInteger(count) && count >= 1 && count <= 64)) {
    console.error('Usage: node scripts/stress.mjs [--minutes 0<m≤240] [--workers 1..64]');
    process.exit(2);
  }
  const started = Date.now();
  const until = started + minutes * 60_000;
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL(import.meta.url), { workerData: { until } }),
  );
  console.log(`stress: ${count} busy worker(s) for up to ${minutes} min (pid ${process.pid})`);
  let stopping = false;
  const stop = async (why) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(workers.map((w) => w.terminate()));
    console.log(`stress: stopped (${why}) after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  let running = count;
  for (const w of workers)
    w.once('exit', () => {
      if (--running === 0) void stop('time is up');
    });
}
