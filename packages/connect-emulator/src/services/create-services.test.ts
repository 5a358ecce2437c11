import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryAdminBackend } from '../../test/fixtures/memory-admin-backend';
import { serve } from '../../test/support/serve';
import { sendJson } from '../lib/http';
import { SERVICES_CLI_OPTIONS, createServices, loadServicesCliOptions } from './create-services';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'connect-emulator-services-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('services', () => {
  it('reads --webhook, --faults and --fault-seed', async () => {
    const file = join(dir, 'faults.json');
    await writeFile(
      file,
      JSON.stringify({
        seed: 9,
        rules: [
          {
            service: 'cti',
            operation: 'GetAgentSnapshot',
            action: { type: 'status', status: 503 },
            count: 2,
          },
        ],
      }),
    );
    const { values } = parseArgs({
      args: [
        '--webhook',
        'http://127.0.0.1:1/a',
        '--webhook',
        'http://127.0.0.1:1/b',
        '--faults',
        file,
      ],
      options: SERVICES_CLI_OPTIONS,
    });
    const opts = await loadServicesCliOptions(values);
    expect(opts.webhooks).toEqual(['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b']);
    expect(opts.faultSeed).toBe(9);
    expect(opts.faultRules).toHaveLength(1);
    await expect(loadServicesCliOptions({ 'fault-seed': 'x' })).rejects.toThrow(/fault-seed/);
  });

  it('mounts the admin, control and fault routes together, faults applying to the wrapped handler', async () => {
    const admin = new MemoryAdminBackend();
    const services = createServices({
      stateDir: dir,
      instance: { ...admin.info },
      admin,
      agentApp: {
        instanceId: 'i-1',
        region: 'us-east-1',
        accountId: '111122223333',
        validateToken: () => true,
        taskTemplates: () => [],
        createTemplatedTask: () => ({ contactId: 't' }),
        updateContact: () => undefined,
        quickResponses: () => [],
      },
      voiceIdContact: () => undefined,
      faultRules: [
        {
          service: 'cti',
          operation: 'GetAgentSnapshot',
          action: { type: 'status', status: 503 },
          count: 1,
        },
      ],
    });
    const app = services.withFaults(async (req, res, url) => {
      if (await services.routes(req, res, url)) return true;
      if (url.pathname === '/api') {
        req.resume();
        sendJson(res, 200, { ok: true });
        return true;
      }
      return false;
    });
    const server = await serve(app);
    try {
      const snap = () =>
        fetch(`${server.url}/api`, {
          method: 'POST',
          headers: { 'x-amz-target': 'AmazonConnectCTIService.GetAgentSnapshot' },
          body: '{}',
        });
      expect((await snap()).status).toBe(503);
      expect((await snap()).status).toBe(200);
      expect((await fetch(`${server.url}/users-summary/i-1`)).status).toBe(200);
      expect((await fetch(`${server.url}/control/faults`)).status).toBe(200);
      expect((await fetch(`${server.url}/control/voice-id/settings`)).status).toBe(200);
      expect((await fetch(`${server.url}/control/webhooks`)).status).toBe(200);
    } finally {
      services.close();
      await server.close();
    }
  });
});
