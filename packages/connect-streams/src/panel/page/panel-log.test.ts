import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Logger, type LogEntry } from '../../log/logger';
import { FakeSession } from '../testing-support/fake-session';
import { addNamespaceToLogs, startPanelLogPush } from './panel-log';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const session = new FakeSession();
  const softphoneLog = new Logger({
    component: 'softphone',
    contextLayer: 'CCP',
    consoleLevel: 'CRITICAL',
  });
  const ccpLog = new Logger({ component: 'ccp', contextLayer: 'CCP', consoleLevel: 'CRITICAL' });
  const batches: (readonly LogEntry[])[] = [];
  const stopSoftphone = startPanelLogPush({ session, logger: softphoneLog });
  const stopCcp = startPanelLogPush({
    session,
    logger: ccpLog,
    onClientSideLogs: (logs) => batches.push(logs),
  });
  return { session, softphoneLog, ccpLog, batches, stop: () => (stopSoftphone(), stopCcp()) };
}

const sendLogs = (s: FakeSession) => s.sentUpstream.filter((m) => m.event === 'send_logs');

describe('page-side log push (spec §9 "softphone logs upstream every 5000 ms"; reference §3.2)', () => {
  it('the sendLogs master sends its softphone entries up as send_logs every 5000 ms', async () => {
    const { session, softphoneLog, stop } = setup();
    softphoneLog.info('session started');
    softphoneLog.warn('ice slow');
    await vi.advanceTimersByTimeAsync(4999);
    expect(sendLogs(session)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.masterChecks).toContain('connect::sendLogs');
    const sent = sendLogs(session);
    expect(sent).toHaveLength(1);
    expect((sent[0]?.data as LogEntry[]).map((e) => [e.component, e.text, e.contextLayer])).toEqual(
      [
        ['softphone', 'session started', 'CCP'],
        ['softphone', 'ice slow', 'CCP'],
      ],
    );
    // nothing new, nothing sent
    await vi.advanceTimersByTimeAsync(5000);
    expect(sendLogs(session)).toHaveLength(1);
    stop();
  });

  it('a tab that is not the sendLogs master sends nothing', async () => {
    const { session, softphoneLog, stop } = setup();
    session.isMaster = false;
    softphoneLog.info('x');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sendLogs(session)).toEqual([]);
    stop();
  });

  it('other page entries go out in client-log batches: every 5000 ms, only at 50 or more, at most 500', async () => {
    const { ccpLog, batches, stop } = setup();
    for (let i = 0; i < 49; i++) ccpLog.info(`line ${i}`);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches).toEqual([]);
    for (let i = 49; i < 600; i++) ccpLog.info(`line ${i}`);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches.map((b) => b.length)).toEqual([500]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches.map((b) => b.length)).toEqual([500, 100]);
    stop();
  });

  it('by default the client-log batches go up to the worker as send_logs', async () => {
    const session = new FakeSession();
    const logger = new Logger({ component: 'ccp', consoleLevel: 'CRITICAL' });
    const stop = startPanelLogPush({ session, logger });
    for (let i = 0; i < 50; i++) logger.info(`line ${i}`);
    await vi.advanceTimersByTimeAsync(5000);
    expect((sendLogs(session)[0]?.data as unknown[]).length).toBe(50);
    stop();
  });

  it('keeps log entries from the worker and from the embedding page, but not its own echoes', () => {
    const { session, ccpLog, stop } = setup();
    const own = ccpLog.info('mine');
    const worker = new Logger({ component: 'worker', consoleLevel: 'CRITICAL' }).info(
      'from worker',
    );
    const host = new Logger({ component: 'ccp', consoleLevel: 'CRITICAL' }).info('from host');
    session.emitUpstream('log', worker);
    session.emitUpstream('log', own);
    session.emitDownstream('log', host);
    expect(ccpLog.getEntries().map((e) => e.text)).toEqual(['mine', 'from worker', 'from host']);
    stop();
  });
});

describe('server-bound logs of the embedding page', () => {
  it('join the client-log batches (unless declined)', async () => {
    const session = new FakeSession();
    const batches: (readonly LogEntry[])[] = [];
    const stop = startPanelLogPush({
      session,
      logger: new Logger({ component: 'ccp', consoleLevel: 'CRITICAL' }),
      onClientSideLogs: (logs) => batches.push(logs),
    });
    const declined: unknown[] = [];
    const stop2 = startPanelLogPush({
      session,
      logger: new Logger({ component: 'softphone', consoleLevel: 'CRITICAL' }),
      onClientSideLogs: (logs) => declined.push(logs),
      acceptHostServerBoundLogs: false,
    });
    const hostLog = new Logger({ component: 'ccp', consoleLevel: 'CRITICAL' });
    const entries = Array.from({ length: 50 }, (_, i) => hostLog.info(`host ${i}`));
    session.emitDownstream('server_bound_internal_log', entries);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches.map((b) => b.length)).toEqual([50]);
    expect(declined).toEqual([]);
    stop();
    stop2();
  });
});

describe('download_log_from_ccp (spec §7 panel messages)', () => {
  it('saves the log under the logName the embedding page gives (agent-log by default), once', () => {
    const session = new FakeSession();
    const logger = new Logger({ component: 'ccp', consoleLevel: 'CRITICAL' });
    const other = new Logger({ component: 'softphone', consoleLevel: 'CRITICAL' });
    const download = vi.spyOn(logger, 'download').mockImplementation(() => undefined);
    const otherDownload = vi.spyOn(other, 'download').mockImplementation(() => undefined);
    const stop = startPanelLogPush({ session, logger });
    const stop2 = startPanelLogPush({ session, logger: other, handleDownloadRequests: false });
    session.emitDownstream('download_log_from_ccp', { logName: 'ccp-us-east-1-agent-log' });
    session.emitDownstream('download_log_from_ccp');
    expect(download.mock.calls).toEqual([['ccp-us-east-1-agent-log'], [undefined]]);
    expect(otherDownload).not.toHaveBeenCalled();
    stop();
    stop2();
  });
});

describe('shouldAddNamespaceToLogs (spec §7 configure)', () => {
  it('addNamespaceToLogs prefixes every console method with [namespace] and can be undone', () => {
    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const target = { log: record, error: record, warn: record, info: record, debug: record };
    const restore = addNamespaceToLogs('CCP', target);
    target.log('a', 1);
    target.error('b');
    restore();
    target.warn('c');
    expect(lines).toEqual([['[CCP]', 'a', 1], ['[CCP]', 'b'], ['c']]);
  });
});
