// @x/react-voice/testing's emulator directory against the real emulator's control API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '@x/connect-emulator';
import type { Emulator } from '@x/connect-emulator';
import { createEmulatorDirectory } from '@x/react-voice/testing';

describe('createEmulatorDirectory', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("reads the emulator's agents and their quick connects as the agent list and transfer targets", async () => {
    const directory = createEmulatorDirectory({
      controlUrl: `${emulator.url}/control`,
      controlToken: emulator.controlToken,
    });
    const agents = await directory.agentsStatus();
    expect(agents.map((a) => a.agent.name)).toEqual(
      expect.arrayContaining(['Jane Doe', 'John Roe', 'Ana Silva']),
    );
    const transfers = await directory.transfers();
    expect(transfers.agents.length).toBeGreaterThan(0);
    for (const target of [...transfers.agents, ...transfers.groups])
      expect(target.endpointId).toMatch(/^arn:aws:connect:/);
    expect(await directory.liveCalls()).toEqual([]);
  });

  it('reports a refused control call as a VoiceApiError with its status', async () => {
    const directory = createEmulatorDirectory({ controlUrl: `${emulator.url}/control` });
    await expect(directory.agentsStatus()).rejects.toMatchObject({ status: 401 });
  });
});
