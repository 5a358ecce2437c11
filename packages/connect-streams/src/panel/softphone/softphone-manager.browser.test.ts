import { EventEmitter } from 'eventemitter3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoopbackFarEnd } from './loopback-far-end';
import { SoftphoneManager } from './softphone-manager';

/** An in-memory stand-in for the worker conduit: records calls and broadcasts. */
function fakeSession() {
  const bus = new EventEmitter();
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const broadcasts: { event: string; data: unknown }[] = [];
  return {
    calls,
    broadcasts,
    emit: (event: string, data: unknown) => bus.emit(event, data),
    session: {
      on: (event: string, handler: (data: unknown) => void) => {
        bus.on(event, handler);
        return () => bus.off(event, handler);
      },
      call: (method: string, params: Record<string, unknown> = {}) => {
        calls.push({ method, params });
        return Promise.resolve({});
      },
      broadcast: (event: string, data?: unknown) => broadcasts.push({ event, data }),
    },
  };
}

const update = (agentState: string) => ({
  snapshot: {
    contacts: [
      {
        contactId: 'c-1',
        type: 'voice',
        state: { type: agentState === 'connected' ? 'connected' : 'ended' },
        connections: [
          { connectionId: 'a', type: 'agent', state: { type: agentState }, softphoneMediaInfo: {} },
          { connectionId: 'b', type: 'inbound', state: { type: 'connected' } },
        ],
      },
    ],
  },
  configuration: {},
});

let manager: SoftphoneManager | undefined;
afterEach(async () => {
  await manager?.dispose();
  manager = undefined;
});

describe('SoftphoneManager (spec §8, §9)', () => {
  it('publishes microphone_not_shared when getUserMedia is refused with NotAllowedError', async () => {
    const fake = fakeSession();
    manager = new SoftphoneManager({
      session: fake.session,
      createFarEnd: () => createLoopbackFarEnd(),
      getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    });
    const stream = await manager.requestMicrophone();
    expect(stream).toBeUndefined();
    expect(fake.broadcasts).toEqual([
      {
        event: 'agent::softphone_error',
        data: {
          errorType: 'microphone_not_shared',
          errorMessage: 'Your microphone is not enabled in your browser. ',
          endPointUrl: '',
        },
      },
    ]);
  });

  it('carries audio both ways during a connected call, flushes metrics and sends the report at the end', async () => {
    const fake = fakeSession();
    manager = new SoftphoneManager({
      session: fake.session,
      createFarEnd: () => createLoopbackFarEnd(),
      statsIntervalMs: 200,
      metricsFlushIntervalMs: 1000,
    });
    manager.start();
    const started = new Promise<string>((resolve) => manager?.on('sessionStarted', resolve));
    fake.emit('agent::update', update('connected'));
    expect(await started).toBe('c-1');
    await vi.waitFor(
      () => {
        const stats = manager?.latestStats('c-1') ?? [];
        const input = stats.find((s) => s.softphoneStreamType === 'audio_input');
        const output = stats.find((s) => s.softphoneStreamType === 'audio_output');
        expect(input?.bytes ?? 0).toBeGreaterThan(1000);
        expect(output?.bytes ?? 0).toBeGreaterThan(1000);
      },
      { timeout: 10_000, interval: 200 },
    );
    const first = manager.latestStats('c-1')?.map((s) => s.bytes) ?? [];
    await vi.waitFor(
      () => {
        const later = manager?.latestStats('c-1')?.map((s) => s.bytes) ?? [];
        expect(later[0]).toBeGreaterThan(first[0] ?? 0);
        expect(later[1]).toBeGreaterThan(first[1] ?? 0);
      },
      { timeout: 10_000, interval: 200 },
    );
    await vi.waitFor(
      () => expect(fake.calls.some((c) => c.method === 'sendSoftphoneCallMetrics')).toBe(true),
      {
        timeout: 10_000,
      },
    );
    const metrics = fake.calls.find((c) => c.method === 'sendSoftphoneCallMetrics')?.params;
    expect(metrics).toMatchObject({ contactId: 'c-1', ccpVersion: 'x-panel' });
    expect(Array.isArray(metrics?.['softphoneStreamStatistics'])).toBe(true);

    const ended = new Promise<string>((resolve) => manager?.on('sessionEnded', resolve));
    fake.emit('agent::update', update('disconnected'));
    expect(await ended).toBe('c-1');
    const report = fake.calls.find((c) => c.method === 'sendSoftphoneCallReport')?.params;
    expect(report).toMatchObject({
      contactId: 'c-1',
      report: { handshakingFailure: false },
    });
    expect(manager.activeContactIds).toEqual([]);
  });

  it("answers the host's mute broadcast with agent::mute_toggle", () => {
    const fake = fakeSession();
    manager = new SoftphoneManager({
      session: fake.session,
      createFarEnd: () => createLoopbackFarEnd(),
    });
    manager.start();
    fake.emit('mute', { mute: true });
    expect(manager.isMuted).toBe(true);
    expect(fake.broadcasts).toContainEqual({ event: 'agent::mute_toggle', data: { muted: true } });
  });

  it('takes the microphone from the device the agent picks, for the running call and the next ones', async () => {
    const fake = fakeSession();
    const asked: MediaStreamConstraints[] = [];
    manager = new SoftphoneManager({
      session: fake.session,
      createFarEnd: () => createLoopbackFarEnd(),
      getUserMedia: (constraints) => {
        asked.push(constraints);
        return navigator.mediaDevices.getUserMedia({ audio: true });
      },
    });
    manager.start();
    const started = new Promise<string>((resolve) => manager?.on('sessionStarted', resolve));
    fake.emit('agent::update', update('connected'));
    await started;
    const before = manager.peerConnection('c-1')?.getSenders()[0]?.track;
    fake.emit('configuration::set_microphone_device', { deviceId: 'mic-2' });
    await vi.waitFor(() => {
      const now = manager?.peerConnection('c-1')?.getSenders()[0]?.track;
      expect(now).toBeDefined();
      expect(now).not.toBe(before);
    });
    expect(before?.readyState).toBe('ended');
    expect(asked).toEqual([
      { audio: true, video: false },
      { audio: { deviceId: 'mic-2' }, video: false },
    ]);
  });
});
