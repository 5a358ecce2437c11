// Browser entry for the ingest benchmark: our host client fed by a direct conduit (the same code path
// as a postMessage from the panel, without the browser's message queue).
import { Ccp } from '@x/connect-streams';
import type { Conduit } from '@x/connect-streams/protocol';

type Handler = (m: { event: string; data: unknown }) => void;

export function createOurs(counts: Record<string, number>): {
  ingest(m: { event: string; data: unknown }): void;
  dispose(): void;
} {
  let handler: Handler = () => undefined;
  const conduit: Conduit = {
    send: () => undefined,
    onMessage: (h) => {
      handler = h;
      return () => undefined;
    },
    dispose: () => undefined,
  };
  const ccp = new Ccp(
    { ccpUrl: 'https://bench.invalid/ccp-v2/', loginPopup: false, ccpLoadTimeout: 1e9 },
    { conduit },
  );
  const bump = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  const a = ccp.agent;
  a.on('init', () => bump('agent.init'));
  a.on('refresh', () => bump('agent.refresh'));
  a.on('stateChange', () => bump('agent.stateChange'));
  a.on('routable', () => bump('agent.routable'));
  a.on('notRoutable', () => bump('agent.notRoutable'));
  a.on('offline', () => bump('agent.offline'));
  a.on('error', () => bump('agent.error'));
  a.on('acw', () => bump('agent.acw'));
  a.on('enqueuedNextState', () => bump('agent.enqueuedNextState'));
  // per-contact callbacks, registered as an integration does when a contact appears
  ccp.contacts.on('init', (contact) => {
    bump('contact.init');
    contact.on('refresh', () => bump('contact.refresh'));
    contact.on('incoming', () => bump('contact.incoming'));
    contact.on('connecting', () => bump('contact.connecting'));
    contact.on('connected', () => bump('contact.connected'));
    contact.on('ended', () => bump('contact.ended'));
    contact.on('acw', () => bump('contact.acw'));
    contact.on('missed', () => bump('contact.missed'));
    contact.on('error', () => bump('contact.error'));
    contact.on('destroyed', () => bump('contact.destroy'));
  });
  return { ingest: (m) => handler(m), dispose: () => ccp.terminate() };
}
