// The server's contact-centre credentials are really used: a server given the right access key
// with a wrong secret is refused by the contact centre on every signed call (SigV4 is checked
// over the whole request, as AWS does), and says so (502 `contact_centre_credentials` naming the
// refusal, an error log naming the settings to check) rather than failing as if the contact
// centre were unreachable; a server with the right secret and no emulator token (as for AWS)
// reads the recording and sends agents to the panel's own login page.
import { randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ConnectClients } from '../src/integrations/connect-clients';
import { ApiError } from '../src/lib/errors';
import { placeDemoCalls, startContactCentre, type TestContactCentre } from './contact-centre';
import { createTestServer, type TestServer } from './harness';

/** A key pair shaped as IAM's, the only one the emulator accepts in this file. */
const KEYS = {
  accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64'),
};
const WRONG_SECRET = randomBytes(30).toString('base64');
const EVENTS_KEY = 'test-contact-events-secret';

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly operation?: string;
  readonly error?: string;
}

describe('contact-centre credentials', () => {
  let cc: TestContactCentre;
  let wrong: TestServer;
  let right: TestServer;
  /** The answered call of the demo calls (over, recorded and transcribed in the emulator). */
  let answered = '';

  beforeAll(async () => {
    cc = await startContactCentre({ adminCredentials: KEYS });
    [wrong, right] = await Promise.all([
      createTestServer('pglite', {
        connectEndpoint: cc.url,
        env: { ...cc.serverEnv, CONNECT_SECRET_ACCESS_KEY: WRONG_SECRET },
      }),
      // as for AWS: the key pair, and no emulator token
      createTestServer('pglite', {
        connectEndpoint: cc.url,
        env: { ...cc.serverEnv, CONNECT_EMULATOR_CONTROL_TOKEN: '' },
      }),
    ]);
    [answered = ''] = placeDemoCalls(cc);
    // The contact events reach both servers through the webhook (the emulator signs nothing
    // there, as EventBridge does not), so both know the call is over.
    const { events } = await cc.control<{ events: { event: unknown }[] }>('/control/events');
    for (const s of [wrong, right])
      for (const { event } of events) {
        const res = await s.req(
          'POST',
          `/api/integrations/connect/contact-events?key=${EVENTS_KEY}`,
          {
            body: event,
          },
        );
        expect(res.status).toBe(200);
      }
  }, 120_000);
  afterAll(async () => {
    await Promise.all([wrong?.close(), right?.close()]);
    await cc?.close();
  });

  const recording = async (s: TestServer) =>
    s.app.request(`/api/ws/acme/addons/voice/recordings/${encodeURIComponent(answered)}`, {
      headers: { authorization: `Bearer ${await s.login('jane@acme.test')}` },
    });
  const errorLogs = (s: TestServer): LogLine[] =>
    s.logs.map((line) => JSON.parse(line) as LogLine).filter((line) => line.level >= 50);

  it('with a wrong secret, a recording answers 502 contact_centre_credentials naming InvalidSignatureException, and the log names the settings to check', async () => {
    const res = await recording(wrong);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: 'contact_centre_credentials',
      message: "The contact centre refused the server's credentials (InvalidSignatureException).",
    });
    expect(errorLogs(wrong)).toContainEqual(
      expect.objectContaining({
        operation: 'DescribeContact',
        error: 'InvalidSignatureException',
        msg: expect.stringContaining('CONNECT_SECRET_ACCESS_KEY'),
      }),
    );
  });

  it('with a wrong secret, linking the agents to their users at start is refused, and the log says so', () => {
    expect(errorLogs(wrong)).toContainEqual(
      expect.objectContaining({ operation: 'ListUsers', error: 'InvalidSignatureException' }),
    );
  });

  it("with a wrong secret, the queues' live metrics answer the same refusal", async () => {
    const res = await wrong.req('GET', '/api/ws/acme/addons/voice/queues', {
      token: await wrong.login('jane@acme.test'),
    });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'contact_centre_credentials' });
  });

  it('with a wrong secret, the recordings bucket refuses GetObject with SignatureDoesNotMatch, surfaced the same way', async () => {
    const { connect } = loadConfig({ ...cc.serverEnv, CONNECT_SECRET_ACCESS_KEY: WRONG_SECRET });
    const sdk = new ConnectClients(connect, pino({ level: 'silent' }));
    try {
      const failure = await sdk
        .call('GetObject', () =>
          sdk.s3('us-east-1').send(new GetObjectCommand({ Bucket: 'any', Key: 'any.wav' })),
        )
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).toBody()).toEqual({
        error: 'contact_centre_credentials',
        message: "The contact centre refused the server's credentials (SignatureDoesNotMatch).",
      });
    } finally {
      sdk.close();
    }
  });

  it("without the emulator's token, the voice configuration sends the agent to the panel's login page (no one-time link)", async () => {
    const res = await right.req('GET', '/api/ws/acme/addons/voice/config', {
      token: await right.login('jane@acme.test'),
    });
    expect(res.status).toBe(200);
    expect(res.body.config).toMatchObject({
      ccpUrl: `${cc.url}/connect/ccp-v2/`,
      loginUrl: `${cc.url}/login`,
    });
  });

  it('with the right secret, the same recording is read from the bucket as a WAV', async () => {
    const res = await recording(right);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await res.arrayBuffer());
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(errorLogs(right)).toEqual([]);
  });
});
