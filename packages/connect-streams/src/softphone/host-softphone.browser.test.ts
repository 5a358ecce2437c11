import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ccp } from '../ccp/ccp';
import { createConnect, type ConnectGlobal } from '../compat/create-connect';
import { createLoopbackFarEnd } from '../panel/softphone/loopback-far-end';
import { TestPanel } from '../testing';
import { installCompatSoftphone, startHostSoftphone } from './index';
import type { HostSoftphone } from './index';

// The host-side softphone against the in-memory panel: real WebRTC in Chromium (a loopback far end
// in the page), the panel's master answers scripted per test.

let ccp: Ccp | undefined;
let softphone: HostSoftphone | undefined;
afterEach(async () => {
  await softphone?.dispose();
  softphone = undefined;
  ccp?.terminate();
  ccp = undefined;
});

/** A connected inbound call: rings, the agent accepts; resolves with its contact id. */
async function connectedCall(panel: TestPanel, on: Ccp): Promise<string> {
  panel.instance.setAgentState('Available');
  const contactId = panel.instance.incomingCall();
  await vi.waitFor(() => expect(on.contacts.get(contactId)).toBeDefined());
  await on.contacts.get(contactId)!.accept();
  await vi.waitFor(() => expect(on.contacts.get(contactId)?.getState().type).toBe('connected'));
  return contactId;
}

describe('startHostSoftphone', () => {
  it('runs the call in the master tab: media both ways, mute through the panel, the report through the panel at the end', async () => {
    const panel = new TestPanel();
    ccp = panel.connect({ softphone: { allowFramedSoftphone: false } });
    const started = vi.fn();
    softphone = startHostSoftphone(ccp, {
      createFarEnd: () => createLoopbackFarEnd(),
      statsIntervalMs: 200,
      onStarted: started,
    });
    await vi.waitFor(() => expect(started).toHaveBeenCalledOnce());
    expect(panel.sent('master_request')).toContainEqual(
      expect.objectContaining({ method: 'checkMaster', params: { topic: 'connect::softphone' } }),
    );
    const manager = softphone.manager!;
    const sessionStarted = new Promise<string>((resolve) => manager.on('sessionStarted', resolve));
    const contactId = await connectedCall(panel, ccp);
    expect(await sessionStarted).toBe(contactId);
    await vi.waitFor(
      () => {
        const output = manager
          .latestStats(contactId)
          ?.find((s) => s.softphoneStreamType === 'audio_output');
        expect(output?.bytes ?? 0).toBeGreaterThan(1000);
      },
      { timeout: 10_000, interval: 200 },
    );

    const muted = vi.fn();
    ccp.agent.on('muteToggle', muted);
    ccp.agent.mute();
    await vi.waitFor(() => expect(manager.isMuted).toBe(true));
    const sender = manager.peerConnection(contactId)?.getSenders()[0];
    expect(sender?.track?.enabled).toBe(false);
    await vi.waitFor(() => expect(muted).toHaveBeenCalledWith({ muted: true }));

    const ended = new Promise<string>((resolve) => manager.on('sessionEnded', resolve));
    panel.instance.customerHangsUp(contactId);
    expect(await ended).toBe(contactId);
    await vi.waitFor(() =>
      expect(panel.requests.map((r) => r.method)).toContain('sendSoftphoneCallReport'),
    );
    const report = panel.requests.find((r) => r.method === 'sendSoftphoneCallReport')?.params;
    expect(report).toMatchObject({ contactId, report: { handshakingFailure: false } });
  });

  it('stays idle in a tab that is not master, and takes the softphone over when the master tab is gone', async () => {
    const panel = new TestPanel({ master: false });
    ccp = panel.connect({ softphone: { allowFramedSoftphone: false } });
    softphone = startHostSoftphone(ccp, { createFarEnd: () => createLoopbackFarEnd() });
    panel.instance.setAgentState('Available');
    await vi.waitFor(() => expect(panel.sent('master_request').length).toBeGreaterThan(1));
    expect(softphone.manager).toBeUndefined();

    // The master tab closed: the next agent update's ask wins, and the live call gets its media.
    panel.setMaster(true);
    const contactId = await connectedCall(panel, ccp);
    await vi.waitFor(() => expect(softphone?.manager?.activeContactIds).toEqual([contactId]));
  });

  it('publishes the softphone error when the call names no signalling endpoint', async () => {
    const panel = new TestPanel();
    ccp = panel.connect({ softphone: { allowFramedSoftphone: false } });
    const errors: unknown[] = [];
    ccp.agent.on('softphoneError', (error) => errors.push(error));
    softphone = startHostSoftphone(ccp);
    await connectedCall(panel, ccp);
    await vi.waitFor(() =>
      expect(errors).toContainEqual(
        expect.objectContaining({ errorType: 'signalling_handshake_failure' }),
      ),
    );
  });

  it('runs no session for a desk-phone agent', async () => {
    const panel = new TestPanel();
    ccp = panel.connect({ softphone: { allowFramedSoftphone: false } });
    softphone = startHostSoftphone(ccp, { createFarEnd: () => createLoopbackFarEnd() });
    await vi.waitFor(() => expect(softphone?.manager).toBeDefined());
    panel.instance.configuration.softphoneEnabled = false;
    await connectedCall(panel, ccp);
    await panel.settle();
    expect(softphone.manager?.activeContactIds).toEqual([]);
  });
});

describe('installCompatSoftphone', () => {
  let connect: ConnectGlobal | undefined;
  afterEach(() => connect?.core.terminate());

  it('gives the compat global initSoftphoneManager, softphoneManager and onSoftphoneSessionInit', async () => {
    const panel = new TestPanel();
    connect = createConnect({ initCCP: (_c, params) => panel.connect(params) });
    const logged = vi.spyOn(connect.getLog(), 'error');
    connect.core.initCCP({} as HTMLElement, {
      ccpUrl: 'https://test.my.connect.aws/ccp-v2/',
      softphone: { allowFramedSoftphone: false },
    });
    connect.core.initSoftphoneManager();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('installCompatSoftphone'));

    installCompatSoftphone(connect as never, { createFarEnd: () => createLoopbackFarEnd() });
    expect(typeof connect.SoftphoneManager).toBe('function');
    const sessions: unknown[] = [];
    connect.core.onSoftphoneSessionInit((data) => sessions.push(data));
    connect.core.initSoftphoneManager();
    await vi.waitFor(() =>
      expect(connect?.core.getSoftphoneManager()).toBeInstanceOf(connect!.SoftphoneManager!),
    );
    const contactId = await connectedCall(panel, connect.core.getCcp());
    await vi.waitFor(() => expect(sessions).toEqual([{ connectionId: `${contactId}-agent` }]));
  });
});
