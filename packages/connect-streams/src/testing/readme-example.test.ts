import { expect, it } from 'vitest';
import { TestPanel } from './test-panel';

// The README's example, kept working.
it('README: accepts ringing calls through the in-memory panel', async () => {
  const panel = new TestPanel();
  const ccp = panel.connect();
  ccp.contacts.on('connecting', (contact) => void contact.accept());
  panel.instance.setAgentState('Available');
  const id = panel.instance.incomingCall({ phoneNumber: '+15555550123' });
  await panel.settle();
  expect(ccp.contacts.get(id)?.getState().type).toBe('connected');
  expect(panel.requests.map((r) => r.method)).toContain('acceptContact');
  ccp.terminate();
});
