/**
 * A small page for the react-voice integration test: `VoiceProvider` over the product API client,
 * and the hooks driven by plain buttons (the call panel components come from the UI work; this
 * harness shows what the hooks give them). Bundled by the spec with esbuild.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createVoiceApiClient,
  formatVoiceMessage,
  useAgent,
  useAgentStatus,
  useCall,
  useCallControls,
  useParticipants,
  useTransferTargets,
  useVoiceSession,
  VoiceProvider,
} from '@x/react-voice';

const api = createVoiceApiClient({ baseUrl: '/api', slug: 'acme', getToken: () => 'test-token' });

function Harness() {
  const session = useVoiceSession();
  const status = useAgentStatus();
  const agent = useAgent();
  const call = useCall();
  const controls = useCallControls();
  const { participants } = useParticipants();
  const targets = useTransferTargets();
  const [error, setError] = useState('');
  const run = (fn: () => Promise<unknown>) => () => {
    setError('');
    fn().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <main>
      <output data-testid="phase">{session.phase}</output>
      <output data-testid="agent-state">{status.name ?? ''}</output>
      <output data-testid="description">{formatVoiceMessage(status.description)}</output>
      <output data-testid="call-view">{call.view}</output>
      <output data-testid="on-hold">{String(call.onHold)}</output>
      <output data-testid="muted">{String(call.muted)}</output>
      <output data-testid="digits">{call.digits}</output>
      <output data-testid="conversation">{call.conversationId ?? ''}</output>
      <output data-testid="contact">{call.conversationContact?.name ?? ''}</output>
      <output data-testid="transferring">{String(call.status !== 'idle')}</output>
      <output data-testid="participants">
        {participants
          .map(
            (p) =>
              `${p.name}:${p.connected ? 'connected' : p.connecting ? 'connecting' : p.onHold ? 'hold' : 'gone'}`,
          )
          .join(',')}
      </output>
      <output data-testid="error">{error}</output>
      <button onClick={run(() => agent.setStatus('Available'))}>Available</button>
      <button onClick={run(controls.accept)}>Accept</button>
      <button onClick={run(controls.toggleHold)}>Hold</button>
      <button onClick={run(controls.toggleMute)}>Mute</button>
      {call.keypadVisible &&
        ['1', '2', '#'].map((key) => (
          <button key={key} onClick={() => controls.pressKey(key)}>
            Key {key}
          </button>
        ))}
      {targets.agentGroups
        .flatMap((g) => g.rows)
        .map((row) => (
          <button
            key={row.idAgent}
            onClick={run(() => controls.transfer({ endpointId: row.item.endpointId }))}
          >
            Transfer to {row.item.name}
          </button>
        ))}
      <button onClick={run(controls.end)}>End</button>
      <button onClick={run(controls.finish)}>Finish</button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <VoiceProvider api={api} idAgent="jane">
    <Harness />
  </VoiceProvider>,
);
