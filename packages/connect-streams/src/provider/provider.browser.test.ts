import { afterEach, describe, expect, it } from 'vitest';
import {
  ContactClient,
  ProviderSubject,
  StreamsSiteProvider,
  VoiceClient,
  type ProxyConnectionChangedEvent,
} from './index';

// A minimal in-repo panel: the iframe posts `cross-domain-adapter-init` with a port from its own
// window and hands the other end to the test, which drives the subject side through it.
const PANEL = `<!doctype html><script>
  const channel = new MessageChannel();
  window.subjectPort = channel.port1;
  window.offer = () => {
    const c = new MessageChannel();
    window.subjectPort = c.port1;
    parent.postMessage({ type: 'cross-domain-adapter-init' }, '*', [c.port2]);
  };
  window.offerWithoutPort = () => parent.postMessage({ type: 'cross-domain-adapter-init' }, '*');
</script>`;

interface PanelWindow extends Window {
  subjectPort: MessagePort;
  offer(): void;
  offerWithoutPort(): void;
}

async function mountPanel(): Promise<HTMLIFrameElement> {
  const iframe = document.createElement('iframe');
  iframe.title = 'Amazon Connect CCP';
  iframe.srcdoc = PANEL;
  const loaded = new Promise((r) => iframe.addEventListener('load', r, { once: true }));
  document.body.append(iframe);
  await loaded;
  return iframe;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe('message-port provider against a panel iframe in Chromium', () => {
  it('connects through the real window handshake, then round-trips a request and a subscription', async () => {
    const iframe = await mountPanel();
    const provider = new StreamsSiteProvider({ instanceUrl: location.origin });
    cleanups.push(() => {
      provider.dispose();
      iframe.remove();
    });
    const statuses: ProxyConnectionChangedEvent['status'][] = [];
    provider.getProxy().onConnectionStatusChange((e) => statuses.push(e.status));
    provider.setCCPIframe(iframe);

    const panel = iframe.contentWindow as PanelWindow;
    panel.offer();
    const subject = new ProviderSubject({
      connectionId: 'browser-conn',
      handlers: {
        'aws.connect.contact': { 'contact/getType': () => 'voice' },
        'aws.connect.voice': { 'voice/holdParticipant': (d) => ({ held: d }) },
      },
    });
    subject.attach(panel.subjectPort);
    await until(() => provider.getProxy().connectionStatus === 'ready');
    expect(statuses).toEqual(['initializing', 'ready']);

    const contact = new ContactClient(provider);
    await expect(contact.getType('c-1')).resolves.toBe('voice');
    await expect(new VoiceClient(provider).holdParticipant('p-1')).resolves.toEqual({
      held: { participantId: 'p-1' },
    });

    const seen: unknown[] = [];
    contact.onConnected((d) => void seen.push(d), 'c-1');
    const topic = { namespace: 'aws.connect.contact', key: 'contact/connected', parameter: 'c-1' };
    await until(() => subject.isSubscribed(topic));
    subject.publish(topic, { contactId: 'c-1' });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ contactId: 'c-1' }]);
  });

  it('a second port from the panel resets the link and restores the subscriptions', async () => {
    const iframe = await mountPanel();
    const provider = new StreamsSiteProvider({ instanceUrl: location.origin });
    cleanups.push(() => {
      provider.dispose();
      iframe.remove();
    });
    provider.setCCPIframe(iframe);
    const panel = iframe.contentWindow as PanelWindow;
    const subject = new ProviderSubject();
    panel.offer();
    subject.attach(panel.subjectPort);
    await until(() => provider.getProxy().connectionStatus === 'ready');
    const seen: unknown[] = [];
    new ContactClient(provider).onIncoming((d) => void seen.push(d));
    const topic = { namespace: 'aws.connect.contact', key: 'contact/incoming' };
    await until(() => subject.isSubscribed(topic));

    const statuses: string[] = [];
    provider.getProxy().onConnectionStatusChange((e) => statuses.push(e.status));
    panel.offer();
    subject.attach(panel.subjectPort);
    await until(
      () => provider.getProxy().connectionStatus === 'ready' && subject.isSubscribed(topic),
    );
    expect(statuses).toEqual(['reset', 'connecting', 'initializing', 'ready']);
    subject.publish(topic, { contactId: 'c-2' });
    await until(() => seen.length === 1);
  });

  it('ignores a handshake from a page that is not the CCP iframe', async () => {
    const ccp = await mountPanel();
    const other = await mountPanel();
    const provider = new StreamsSiteProvider({ instanceUrl: location.origin });
    cleanups.push(() => {
      provider.dispose();
      ccp.remove();
      other.remove();
    });
    provider.setCCPIframe(ccp);
    (other.contentWindow as PanelWindow).offer();
    await new Promise((r) => setTimeout(r, 50));
    expect(provider.getProxy().connectionStatus).toBe('connecting');
  });
});
