import type { ReactNode } from 'react';
import type { Session } from '../../session/api/types';

/**
 * Starts the voice add-on for the workspace when its app has the planVoice flag (§1) and wraps
 * the workspace in the voice provider. Until `@x/react-voice` ships its provider, it renders the
 * workspace as is.
 */
export function VoiceAddon({
  children,
}: {
  readonly session: Session;
  readonly children: ReactNode;
}) {
  return <>{children}</>;
}
