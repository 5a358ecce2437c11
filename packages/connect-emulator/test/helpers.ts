/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-explicit-any -- JSON bodies of the wire under test */
import { ManualClock, startEmulator, type Emulator, type EmulatorOptions } from '../src/index';

/** A started emulator plus a logged-in CTI caller for one agent. */
export interface Harness {
  readonly emulator: Emulator;
  readonly token: string;
  /** Calls a CTI operation as the logged-in agent; returns status and parsed body. */
  cti(
    op: string,
    body?: Record<string, unknown>,
    opts?: { token?: string | null; raw?: string; auth?: boolean },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startHarness(
  options: EmulatorOptions = {},
  username = 'jane',
): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, ...options });
  const { accessToken: token } = emulator.login(username);
  return {
    emulator,
    token,
    async cti(op, body = {}, opts = {}) {
      const bearer = opts.token === undefined ? token : opts.token;
      const headers: Record<string, string> = {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `AmazonConnectCTIService.${op}`,
      };
      if (bearer !== null) headers['x-amz-bearer'] = bearer;
      const payload =
        opts.raw ??
        JSON.stringify(
          opts.auth === false ? body : { ...body, authentication: { authToken: bearer } },
        );
      const res = await fetch(emulator.ctiEndpoint, { method: 'POST', headers, body: payload });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async control(method, path, body) {
      const res = await fetch(`${emulator.url}${path}`, {
        method,
        headers: emulator.controlHeaders,
        ...(body === undefined
          ? {}
          : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    },
    close: () => emulator.close(),
  };
}

export { ManualClock };
