// The contact centre "as for AWS" (`CONNECT_PROFILE=aws` of scripts/start.mjs): the workspace
// server configured exactly as for an Amazon Connect instance, against the emulator. In AWS,
// Amazon Connect, Contact Lens and the recordings bucket (S3) are three hosts; the emulator serves
// all three on one origin. So each gets an endpoint of its own here, a loopback port that passes
// the emulator only the requests signed for its service (SigV4) at its paths, unchanged (their
// signatures name this host, which the emulator accepts as a loopback name), and refuses any
// other: a client pointed at the wrong endpoint, or a request that is not a signed AWS API call
// (the emulator's control API, its sign-in pages), fails as it would against AWS.
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';

/** Where Contact Lens' API lives (ListRealtimeContactAnalysisSegments and its kin). */
const CONTACT_LENS_PATH = '/realtime-contact-analysis/';
/** Where the emulator serves the recordings bucket, path-style. */
const S3_PATH = '/s3/';

/** The SigV4 signing name of a request (`connect`, `s3`), read from its credential scope. */
function signingName(req) {
  const scope = /^AWS4-HMAC-SHA256\s+Credential=[^/,\s]+\/\d{8}\/[^/]+\/([^/]+)\/aws4_request/.exec(
    req.headers.authorization ?? '',
  );
  return scope?.[1];
}

/** Each endpoint: its name and which requests are its service's. */
const SERVICES = {
  connect: {
    name: 'Amazon Connect',
    serves: (req, path) =>
      signingName(req) === 'connect' &&
      !path.startsWith(CONTACT_LENS_PATH) &&
      !path.startsWith(S3_PATH),
  },
  contactLens: {
    name: 'Contact Lens',
    serves: (req, path) => signingName(req) === 'connect' && path.startsWith(CONTACT_LENS_PATH),
  },
  s3: {
    name: 'S3',
    serves: (req, path) => signingName(req) === 's3' && path.startsWith(S3_PATH),
  },
};

/**
 * A new access key pair shaped as IAM's (`AKIA` and 16 characters, a 40-character secret): the
 * emulator is started to accept only it, so the server cannot lean on the demo key.
 */
export function iamStyleKeys() {
  return {
    accessKeyId: `AKIA${randomBytes(10).toString('hex').slice(0, 16).toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64'),
  };
}

/** Starts one service's endpoint in front of `target` (the emulator's origin); resolves with its URL. */
async function startEndpoint(service, target) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://endpoint').pathname;
    if (!service.serves(req, path)) {
      console.error(
        `[${service.name} endpoint] refused ${req.method} ${path} (signed for ${signingName(req) ?? 'nothing'})`,
      );
      res.writeHead(404, {
        'content-type': 'application/json',
        'x-amzn-ErrorType': 'UnknownOperationException',
      });
      res.end(JSON.stringify({ message: `Not a ${service.name} request: ${req.method} ${path}` }));
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`${service.name} endpoint: ${error.message}`);
    });
    req.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * The contact-centre part of the server's environment as for AWS, with the three endpoints
 * started in front of the emulator: Connect, Contact Lens and S3 each at their own endpoint, the
 * instance's region, the key pair the emulator accepts, and no emulator token (the server gets
 * no one-time sign-in links: the agent's panel signs in at the emulator's own login page, as at
 * the instance's). `EMULATOR_PUBLIC_URL` stays: browsers reach the panel at the emulator, since
 * they cannot reach `<subdomain>.my.connect.aws`.
 */
export async function awsContactCentreEnv(emulator, keys) {
  const origin = new URL(emulator.loginUrl).origin;
  const [connect, contactLens, s3] = await Promise.all(
    [SERVICES.connect, SERVICES.contactLens, SERVICES.s3].map((s) => startEndpoint(s, origin)),
  );
  return {
    endpoints: { connect: connect.url, contactLens: contactLens.url, s3: `${s3.url}/s3` },
    env: {
      CONNECT_ENDPOINT: connect.url,
      CONTACT_LENS_ENDPOINT: contactLens.url,
      CONNECT_RECORDINGS_S3_ENDPOINT: `${s3.url}/s3`,
      // arn:aws:connect:<region>:<account>:instance/<id>
      CONNECT_REGION: emulator.instanceArn.split(':')[3],
      CONNECT_ACCESS_KEY_ID: keys.accessKeyId,
      CONNECT_SECRET_ACCESS_KEY: keys.secretAccessKey,
      EMULATOR_PUBLIC_URL: origin,
      // Empty is unset for the server (it would otherwise inherit this process's).
      CONNECT_EMULATOR_CONTROL_TOKEN: '',
    },
    close() {
      for (const endpoint of [connect, contactLens, s3]) endpoint.close();
    },
  };
}
