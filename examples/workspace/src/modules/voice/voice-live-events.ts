// The voice lists' live events: the workspace's event stream (`GET /ws/{slug}/events`) forwarded
// to `@x/react-voice` as a source of events, so that the agent list and live calls refetch when
// a call or an agent changes instead of waiting for Refresh. The stream is followed only while a
// list listens (an open tab of the voice panel), and a reconnection tells every list to refetch
// what it may have missed.
import type { VoiceLiveEvent, VoiceLiveEventSource, VoiceLiveEventType } from '@x/react-voice';
import { followWorkspaceEvents } from '../../api/workspace-events';

const VOICE_EVENT_TYPES: ReadonlySet<string> = new Set<VoiceLiveEventType>([
  'call.updated',
  'agent.updated',
]);

/** The voice event a server-sent event names, if it is one. */
export function voiceLiveEvent(type: string, data: string): VoiceLiveEvent | undefined {
  if (!VOICE_EVENT_TYPES.has(type)) return undefined;
  try {
    const parsed = JSON.parse(data) as { id?: unknown };
    return {
      type: type as VoiceLiveEventType,
      id: typeof parsed.id === 'string' ? parsed.id : '',
    };
  } catch {
    return undefined;
  }
}

/** A source of the workspace's voice events, following its event stream while listened to. */
export function voiceLiveEvents(slug: string): VoiceLiveEventSource {
  const listeners = new Set<(event: VoiceLiveEvent) => void>();
  let stop: (() => void) | undefined;
  const emit = (event: VoiceLiveEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const start = () => {
    let opened = false;
    stop = followWorkspaceEvents(
      slug,
      (message) => {
        const event = voiceLiveEvent(message.event, message.data);
        if (event) emit(event);
      },
      () => {
        // Back after a drop: what changed meanwhile was not heard, so every list refetches.
        if (opened)
          for (const type of VOICE_EVENT_TYPES) emit({ type: type as VoiceLiveEventType, id: '' });
        opened = true;
      },
    );
  };
  return (listener) => {
    listeners.add(listener);
    if (!stop) start();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stop?.();
        stop = undefined;
      }
    };
  };
}
