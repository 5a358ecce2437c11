/**
 * The page of the react-voice integration test: `VoiceProvider` over the product API client and
 * the call components a host puts in its header — the status chip with its dropdown and the call
 * panel beside it (with the keypad, the participants and the transfer modal). Bundled, with the
 * package's stylesheet, by the spec with esbuild.
 */
import { createRoot } from 'react-dom/client';
import {
  CallPanel,
  createVoiceApiClient,
  StatusDropdown,
  useVoiceSession,
  VoiceProvider,
} from '@x/react-voice';
import '@x/react-voice/styles.css';

const api = createVoiceApiClient({ baseUrl: '/api', slug: 'acme', getToken: () => 'test-token' });

function Header() {
  const session = useVoiceSession();
  return (
    <header
      className="xv"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        height: 65,
        padding: '0 24px',
        borderBottom: '1px solid #e3e3e8',
      }}
    >
      <h1 style={{ fontSize: 16, margin: 0 }}>Acme workspace</h1>
      <output data-testid="phase" hidden>
        {session.phase}
      </output>
      <div style={{ position: 'relative' }}>
        <StatusDropdown />
        <CallPanel />
      </div>
    </header>
  );
}

createRoot(document.getElementById('root')!).render(
  <VoiceProvider api={api} idAgent="jane">
    <Header />
  </VoiceProvider>,
);
