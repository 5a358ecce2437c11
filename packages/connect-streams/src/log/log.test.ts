import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientLogBatcher, Logger, LogPusher } from './logger';
import type { LogEntry } from './logger';
import { redact } from './redact';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('redaction (spec §9)', () => {
  it('redacts tokens, phone numbers and logins, and hashes customer ids', () => {
    const out = redact({
      authToken: 'secret',
      nested: { refreshToken: 'r', phoneNumber: '+15555550123', customerId: 'cust-1', keep: 'ok' },
      list: [{ token: 't' }],
      text: 'AuthToken=abc',
    });
    expect(out.authToken).toBe('[redacted]');
    expect(out.nested.refreshToken).toBe('[redacted]');
    expect(out.nested.phoneNumber).toBe('[redacted]');
    expect(out.nested.customerId).toMatch(/^\[obfuscated value\] [0-9a-f]{8}$/);
    expect(out.nested.customerId).not.toContain('cust-1');
    expect(out.nested.keep).toBe('ok');
    expect(out.list[0]!.token).toBe('[redacted]');
    expect(out.text).toBe('[redacted]');
  });
  it('removes phone numbers from free text', () => {
    const log = new Logger();
    const e = log.info('Calling +1 555 555 0123 now', { phoneNumber: '+15555550123' })!;
    expect(e.text).not.toContain('555');
    expect(e.objects[0]).toEqual({ phoneNumber: '[redacted]' });
  });
  it('leaves functions out of logged objects, so that an entry can cross postMessage (a chat media info with getConnectionToken)', () => {
    const log = new Logger();
    const e = log.info('Chat media controller init', {
      contactId: 'c-1',
      getConnectionToken: () => Promise.resolve({}),
      nested: { f: () => 1, keep: 1 },
    })!;
    expect(e.objects[0]).toEqual({ contactId: 'c-1', nested: { keep: 1 } });
    expect(() => structuredClone(e)).not.toThrow();
  });
});

describe('log levels', () => {
  it('keeps INFO and above by default and echoes ERROR and above to the console', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const log = new Logger();
    log.debug('d');
    log.info('i');
    log.error('e');
    expect(log.getEntries().map((e) => e.text)).toEqual(['i', 'e']);
    expect(err).toHaveBeenCalledTimes(1);
    expect(out).not.toHaveBeenCalled();
  });
  it('accepts only known level names', () => {
    const log = new Logger();
    expect(() => log.setLogLevel('LOUD' as never)).toThrow('Invalid log level: LOUD');
    expect(() => new Logger({ consoleLevel: 'nope' as never })).toThrow('Invalid log level: nope');
  });
  it('rolls every 1800000 ms, keeping the previous window', () => {
    let t = 0;
    const log = new Logger({ now: () => t });
    log.info('a');
    t = 1800000;
    log.info('b');
    expect(log.getEntries().map((e) => e.text)).toEqual(['a', 'b']);
    t = 3600000;
    log.info('c');
    expect(log.getEntries().map((e) => e.text)).toEqual(['b', 'c']);
  });
});

describe('log pushing and client-log batching', () => {
  it('pushes kept entries upstream every 1000 ms', async () => {
    const log = new Logger();
    const pushed: number[] = [];
    const pusher = new LogPusher(log, (e) => pushed.push(e.length));
    pusher.start();
    log.info('a');
    log.info('b');
    await vi.advanceTimersByTimeAsync(999);
    expect(pushed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pushed).toEqual([2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pushed).toEqual([2]);
    pusher.dispose();
  });

  it('sends client logs every 5000 ms, only when 50 or more are queued, at most 500 per batch', async () => {
    const batches: number[] = [];
    const b = new ClientLogBatcher((e) => batches.push(e.length));
    b.start();
    const entry = { text: 'x' } as LogEntry;
    for (let i = 0; i < 49; i++) b.add(entry);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches).toEqual([]);
    for (let i = 0; i < 1000; i++) b.add(entry);
    await vi.advanceTimersByTimeAsync(4999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([500]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches).toEqual([500, 500]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches).toEqual([500, 500]); // 49 left: below 50
    expect(b.size).toBe(49);
    b.dispose();
  });
});
