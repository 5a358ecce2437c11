import { VoiceStatusBadge } from '@x/react-voice';
import type { ReactElement } from 'react';

/** The workspace app shell: header with the voice status chip, and the main area. */
export function App(): ReactElement {
  return (
    <div data-testid="app-shell">
      <header>
        <h1>Workspace</h1>
        <VoiceStatusBadge stateName="Offline" stateType="offline" />
      </header>
      <main>
        <p>Conversations will appear here.</p>
      </main>
    </div>
  );
}
