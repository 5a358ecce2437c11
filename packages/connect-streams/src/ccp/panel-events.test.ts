import { describe, expect, it } from 'vitest';
import { TestPanel } from '../testing/test-panel';

describe('panel events relayed to the host', () => {
  it('auth_fail, access_denied, authorize_success, authorize and CTI retries exhausted, terminated and update_connected_ccps become Ccp events', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const seen: string[] = [];
    ccp.on('authFail', () => seen.push('authFail'));
    ccp.on('accessDenied', () => seen.push('accessDenied'));
    ccp.on('authorizeSuccess', () => seen.push('authorizeSuccess'));
    ccp.on('authorizeRetriesExhausted', () => seen.push('authorizeRetriesExhausted'));
    ccp.on('ctiAuthorizeRetriesExhausted', () => seen.push('ctiAuthorizeRetriesExhausted'));
    ccp.on('terminated', () => seen.push('terminated'));
    ccp.on('connectedCcps', (d) => seen.push(`connectedCcps:${(d as { length: number }).length}`));
    panel.emit('auth_fail', { authorize: true });
    panel.emit('access_denied');
    panel.emit('authorize_success');
    panel.emit('authorize_retries_exhausted');
    panel.emit('cti_authorize_retries_exhausted');
    panel.emit('terminated');
    panel.emit('update_connected_ccps', { length: 2 });
    await panel.settle();
    expect(seen).toEqual([
      'authFail',
      'accessDenied',
      'authorizeSuccess',
      'authorizeRetriesExhausted',
      'ctiAuthorizeRetriesExhausted',
      'terminated',
      'connectedCcps:2',
    ]);
    ccp.terminate();
  });

  it('every panel envelope is available through onMessage (any event name)', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    const got: unknown[] = [];
    ccp.onMessage('voiceId::update_domain_id', (d) => got.push(d));
    panel.emit('voiceId::update_domain_id', { domainId: 'd-1' });
    await panel.settle();
    expect(got).toEqual([{ domainId: 'd-1' }]);
    ccp.terminate();
  });

  it('global resiliency without secondaryCCPUrl raises a configure error', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect({ enableGlobalResiliency: true, loginUrl: 'https://x/login' });
    const errors: string[] = [];
    ccp.on('configureError', (m) => errors.push(m));
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toEqual([
      'enableGlobalResiliency flag was enabled, but secondaryCCPUrl was not provided. Global Resiliency will not be enabled',
    ]);
    ccp.terminate();
  });

  it('a malformed agent::update is ignored and logged', async () => {
    const panel = new TestPanel();
    const ccp = panel.connect();
    panel.emit('agent::update', { snapshot: { state: { name: 'X' } } });
    await panel.settle();
    expect(ccp.agent.isInitialized()).toBe(false);
    expect(
      ccp
        .getLog()
        .getEntries()
        .some((e) => e.text.includes('malformed agent::update')),
    ).toBe(true);
    ccp.terminate();
  });
});
