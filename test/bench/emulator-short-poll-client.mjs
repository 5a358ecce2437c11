// Worker thread (plain JavaScript: Node 20 workers do not take tsx's loader) of emulator-load.bench.ts's short-poll part: its share of the agents, each on its
// own keep-alive connection, sends GetAgentSnapshot (no nextToken: answered at once) again as soon
// as the previous answer is read. Posts `{ok, errors}` counted between 'start' and 'stop'.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string; tokens: string[] }} */
const { url, tokens } = workerData;
const target = new URL('/api', url);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
let counting = false;
let running = true;
let ok = 0;
let errors = 0;
/** @type {string | undefined} */
let firstError;

/** @returns {Promise<void>} */
function poll(/** @type {string} */ token, /** @type {string} */ body) {
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'content-length': Buffer.byteLength(body),
          'x-amz-target': 'AmazonConnectCTIService.GetAgentSnapshot',
          'x-amz-bearer': token,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (/** @type {string} */ chunk) => (text += chunk));
        res.on('end', () => {
          if (counting) {
            if (res.statusCode === 200 && text.startsWith('{"snapshot"')) ok++;
            else {
              errors++;
              firstError ??= `${res.statusCode}: ${text.slice(0, 200)}`;
            }
          }
          resolve();
        });
      },
    );
    req.on('error', (error) => {
      if (counting) {
        errors++;
        firstError ??= String(error);
      }
      resolve();
    });
    req.end(body);
  });
}

async function loop(/** @type {string} */ token) {
  const body = JSON.stringify({ authentication: { authToken: token } });
  while (running) await poll(token, body);
}

const loops = tokens.map((t) => loop(t));
parentPort?.on('message', (/** @type {string} */ message) => {
  if (message === 'start') {
    ok = 0;
    errors = 0;
    counting = true;
  } else if (message === 'stop') {
    counting = false;
    parentPort?.postMessage({ ok, errors, firstError });
    running = false;
    void Promise.all(loops).then(() => agent.destroy());
  }
});
parentPort?.postMessage('ready');
