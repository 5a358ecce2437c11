import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CallPanel, StatusDropdown, VoicePanel, VoiceProvider } from '@x/react-voice';
import type { VoicePanelTabId } from '@x/react-voice';
import { createEmulatorDirectory, createMemoryVoiceApi } from '@x/react-voice/testing';
import '@x/react-voice/styles.css';

// The emulator (`npx connect-emulator`) stands in for the contact centre, and the in-memory voice
// API for your product backend: conversations and call history live in this page.
const emulator = import.meta.env.VITE_CONNECT_EMULATOR_URL ?? 'http://127.0.0.1:4700';
// `?agent=john` signs John in; `?agent=` (empty) leaves it to you: the status chip's Sign in.
const agent = new URLSearchParams(location.search).get('agent') ?? 'jane';
const api = createMemoryVoiceApi({
  ccpUrl: `${emulator}/connect/ccp-v2/`,
  // Signs the agent in from the hidden sign-on frame (the plain /login page asks who you are).
  loginUrl: agent ? `${emulator}/login?username=${encodeURIComponent(agent)}` : `${emulator}/login`,
  directory: createEmulatorDirectory({ controlUrl: '/emulator-control' }),
});

function App() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<VoicePanelTabId>('AGENT_STATUS');
  return (
    <main style={{ fontFamily: 'system-ui', padding: 16 }}>
      <header style={{ position: 'relative', display: 'flex', justifyContent: 'space-between' }}>
        <h1 style={{ fontSize: 18, margin: 0 }}>Voice quickstart</h1>
        <StatusDropdown
          liveCallsPermitted
          onOpenPanel={(next) => {
            setTab(next);
            setOpen(true);
          }}
        />
        <CallPanel />
      </header>
      <p>
        Set your status to On, then call <strong>+15555550001</strong> from the emulator&apos;s
        customer phone ({emulator}/control).
      </p>
      <VoicePanel
        slug="quickstart"
        open={open}
        onOpenChange={setOpen}
        tab={tab}
        onTabChange={setTab}
        liveCallsPermitted
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <VoiceProvider
      api={api}
      idAgent={agent}
      onError={(w, e) => console.warn('voice', w, String(e))}
    >
      <App />
    </VoiceProvider>
  </StrictMode>,
);
