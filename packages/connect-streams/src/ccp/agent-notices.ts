// The panel's notices about the agent and its contacts, delivered to the agent data store: a
// contact accepted (here or in another tab) or brought into view, mute toggled, a softphone error,
// and a changed speaker, microphone or ringer device.
import type { AgentDataStore } from '../events/agent-data-store';
import type { RingtoneManager } from '../media/ringtone';
import type { WireEventName } from '@x/connect-streams/protocol';
import { contactIdOf } from './panel-data';

/** Delivers one notice from the panel to the agent, its contacts and the ringtones; ignores other events. */
export function deliverAgentNotice(
  event: WireEventName,
  data: unknown,
  store: AgentDataStore,
  ringtones: RingtoneManager | undefined,
): void {
  switch (event) {
    case 'contact::accepted':
      store.accepted(contactIdOf(data), false);
      break;
    case 'contact::view':
      store.contactsEmitter.emit('view', contactIdOf(data));
      break;
    case 'agent::mute_toggle':
      store.agent.emit('muteToggle', {
        muted: (data as { muted?: boolean } | null)?.muted === true,
      });
      break;
    case 'agent::softphone_error':
      store.agent.emit('softphoneError', data);
      break;
    case 'configuration::set_speaker_device':
    case 'configuration::set_microphone_device':
    case 'configuration::set_ringer_device': {
      const kind = event.slice('configuration::set_'.length, -'_device'.length) as
        'speaker' | 'microphone' | 'ringer';
      const deviceId = (data as { deviceId?: unknown } | null)?.deviceId;
      if (kind === 'ringer' && typeof deviceId === 'string') ringtones?.setOutputDevice(deviceId);
      store.agent.emit('deviceChanged', {
        kind,
        deviceId: typeof deviceId === 'string' ? deviceId : '',
      });
      break;
    }
    default:
      if (event.startsWith('contact::accepted::')) {
        store.accepted(event.slice('contact::accepted::'.length), true);
      }
  }
}
