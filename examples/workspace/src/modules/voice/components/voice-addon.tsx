import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import type { Session } from '../../session/api/types';

const VoiceRuntime = lazy(() =>
  import('./voice-runtime').then((m) => ({ default: m.VoiceRuntime })),
);

/**
 * The voice add-on of the workspace, when its app has the planVoice flag. The add-on (the
 * softphone client and the voice screens) is its own chunk: it loads beside the workspace, whose
 * screens are interactive before it arrives, and a new workspace gets a new runtime.
 */
export function VoiceAddon({
  session,
  children,
}: {
  readonly session: Session;
  readonly children: ReactNode;
}) {
  return (
    <>
      {children}
      {session.app.planVoice ? (
        <Suspense fallback={null}>
          <VoiceRuntime key={session.slug} session={session} />
        </Suspense>
      ) : null}
    </>
  );
}
