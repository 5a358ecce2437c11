// The emulator starts in ≤ 2 s. The CLI (`connect-emulator --json`, from source as the
// repository runs it) is started five times; the figure is the median time from spawn to its
// first output line (listening, seeded). Reference: a bare `node -e ''` start in the same run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { report } from './harness';

const CLI = fileURLToPath(new URL('../../packages/connect-emulator/src/cli.ts', import.meta.url));

function timeToFirstLine(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(performance.now() - start);
      child.kill();
    };
    child.stdout.once('data', finish);
    child.once('exit', finish);
    child.once('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ours: number[] = [];
const bare: number[] = [];
for (let i = 0; i < 5; i++) {
  ours.push(
    await timeToFirstLine(['--import', 'tsx', '--conditions=source', CLI, '--port', '0', '--json']),
  );
  bare.push(await timeToFirstLine(['-e', 'console.log(1)']));
}
const figure = median(ours);
report({
  name: 'emulator start (CLI from source, to listening)',
  unit: 'ms',
  ours: figure,
  reference: median(bare),
  referenceName: 'bare node start',
  higherIsBetter: false,
  bar: '≤ 2000 ms',
  barMet: figure <= 2000,
});
