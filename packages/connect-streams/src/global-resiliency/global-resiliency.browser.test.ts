import { afterEach, describe, expect, it } from 'vitest';
import { TestInstance } from '../testing';
import { initGlobalResiliencyCCP } from './init-global-resiliency';

// Two in-repo region panels (blob pages, so their origin is the test page's) posting the
// global-resiliency messages the way a panel does; the host side is the real
// initGlobalResiliencyCCP with its two iframes and window conduits.
function regionPanel(region: string, activeRegion: string): string {
  const html = `<!doctype html><script>
    const post = (event, data) => parent.postMessage(data === undefined ? { event } : { event, data }, '*');
    window.panel = { region: ${JSON.stringify(region)}, received: [], post, snapshot: undefined };
    addEventListener('message', (e) => {
      if (e.source !== parent) return;
      const m = e.data;
      window.panel.received.push(m.event);
      if (m.event === 'synchronize') post('acknowledge');
      if (m.event === 'agent::fetch_agent_data_from_ccp' && window.panel.snapshot) post(m.event, window.panel.snapshot);
    });
    post('acknowledge', { id: ${JSON.stringify(`${region}-port`)} });
    post('globalResiliency::init', {
      instanceRegion: ${JSON.stringify(region)},
      instanceState: ${JSON.stringify(region === activeRegion ? 'active' : 'inactive')},
      activeRegion: ${JSON.stringify(activeRegion)},
    });
  </script>`;
  return URL.createObjectURL(new Blob([html], { type: 'text/html' }));
}

interface PanelWindow extends Window {
  panel: { received: string[]; post(event: string, data?: unknown): void; snapshot: unknown };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe('global resiliency in Chromium (two region panels)', () => {
  it('initialises on the active region, hides the other, and fails over with each event fired once', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const east = regionPanel('us-east-1', 'us-east-1');
    const west = regionPanel('us-west-2', 'us-east-1');
    const { ccp, globalResiliency } = initGlobalResiliencyCCP(container, {
      ccpUrl: east,
      secondaryCCPUrl: west,
      loginUrl: 'https://example.awsapps.com/start',
      enableGlobalResiliency: true,
      loginPopup: false,
    });
    const gr = globalResiliency!;
    cleanups.push(() => {
      ccp.terminate();
      container.remove();
      URL.revokeObjectURL(east);
      URL.revokeObjectURL(west);
    });
    const events: string[] = [];
    ccp.on('initialized', ({ portStreamId }) => events.push(`initialized ${portStreamId}`));
    gr.on('failoverPending', (d) => events.push(`pending ${d.nextActiveRegion}`));
    gr.on('regionSwitched', (d) => events.push(`switched ${d.activeRegion}`));
    gr.on('failoverComplete', (d) => events.push(`complete ${d.activeRegion}`));

    const iframes = [...container.querySelectorAll('iframe')];
    expect(iframes).toHaveLength(2);
    await until(() => ccp.isInitialized);
    // The host initialises on the active region alone; the other frame's script may still be
    // loading, so wait for both test panels before driving them.
    const [eastWin, westWin] = iframes.map((f) => f.contentWindow as PanelWindow);
    await until(() => eastWin?.panel !== undefined && westWin?.panel !== undefined);
    expect(gr.activeRegion).toBe('us-east-1');
    expect(getComputedStyle(iframes[0]!).display).not.toBe('none');
    expect(getComputedStyle(iframes[1]!).display).toBe('none');

    const data = new TestInstance(() => undefined);
    data.setAgentState('Available');
    eastWin!.panel.post('agent::update', data.snapshot());
    westWin!.panel.snapshot = data.snapshot();
    await until(() => ccp.agent.isInitialized());

    eastWin!.panel.post('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    eastWin!.panel.post('globalResiliency::failover_pending', { activeRegion: 'us-west-2' });
    await until(() => westWin!.panel.received.includes('globalResiliency::failover_pending'));

    westWin!.panel.post('globalResiliency::failover_initiated', { activeRegion: 'us-west-2' });
    await until(() => gr.activeRegion === 'us-west-2');
    expect(getComputedStyle(iframes[0]!).display).toBe('none');
    expect(getComputedStyle(iframes[1]!).display).not.toBe('none');
    await until(() => westWin!.panel.received.includes('agent::fetch_agent_data_from_ccp'));

    data.setAgentState('Lunch');
    westWin!.panel.post('agent::update', data.snapshot());
    westWin!.panel.post('agent::update', data.snapshot());
    await until(() => eastWin!.panel.received.includes('globalResiliency::failover_complete'));
    await until(() => ccp.agent.getState().name === 'Lunch');

    // requests now go to the new active region only
    westWin!.panel.received.length = 0;
    eastWin!.panel.received.length = 0;
    void ccp.client.request('getAgentSnapshot', {}).catch(() => undefined);
    await until(() => westWin!.panel.received.includes('api_request'));
    expect(eastWin!.panel.received).not.toContain('api_request');

    expect(events).toEqual([
      'initialized us-east-1-port',
      'pending us-west-2',
      'switched us-west-2',
      'complete us-west-2',
    ]);
  });

  it('without a secondaryCCPUrl global resiliency is not enabled: one iframe and a configure error', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const east = regionPanel('us-east-1', 'us-east-1');
    const errors: string[] = [];
    const { ccp, globalResiliency } = initGlobalResiliencyCCP(container, {
      ccpUrl: east,
      loginUrl: 'https://example.awsapps.com/start',
      enableGlobalResiliency: true,
      loginPopup: false,
    });
    cleanups.push(() => {
      ccp.terminate();
      container.remove();
      URL.revokeObjectURL(east);
    });
    ccp.on('configureError', (m) => errors.push(m));
    expect(globalResiliency).toBeUndefined();
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    await until(() => errors.length === 1);
    expect(errors).toEqual([
      'enableGlobalResiliency flag was enabled, but secondaryCCPUrl was not provided. Global Resiliency will not be enabled',
    ]);
  });
});
