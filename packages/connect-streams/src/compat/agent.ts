// `connect.Agent`, last layer: the agent's snapshot and its `on…` subscriptions.
import { AgentEvents, ConfigurationEvents } from '../protocol/names';
import type { AgentActionsClass } from './agent-actions';
import type { Subscription } from './event-bus';
import type { CompatRuntime } from './runtime';

/** Builds `connect.Agent` over its actions layer. */
export function defineAgent(rt: CompatRuntime, AgentActions: AgentActionsClass) {
  const sub = (event: string, f: (data: never) => void): Subscription =>
    rt.bus().subscribe(event, f);

  /** `connect.Agent`; throws 'The agent is not yet initialized!' before the first agent data. */
  class Agent extends AgentActions implements connect.Agent {
    /** A copy frozen at the current data (contacts included), as the original's `AgentSnapshot`. */
    toSnapshot(): connect.Agent {
      const snapshot = new Agent();
      snapshot._pinned = this._core().frozen();
      return snapshot;
    }
    onRefresh(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.REFRESH, f);
    }
    onRoutable(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ROUTABLE, f);
    }
    onNotRoutable(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.NOT_ROUTABLE, f);
    }
    onOffline(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.OFFLINE, f);
    }
    onError(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ERROR, f);
    }
    onSoftphoneError(f: connect.SoftphoneErrorCallback): Subscription {
      return sub(AgentEvents.SOFTPHONE_ERROR, f);
    }
    onWebSocketConnectionLost(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.WEBSOCKET_CONNECTION_LOST, f);
    }
    onWebSocketConnectionGained(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.WEBSOCKET_CONNECTION_GAINED, f);
    }
    onAfterCallWork(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ACW, f);
    }
    onStateChange(f: connect.AgentStateChangeCallback): Subscription {
      return sub(AgentEvents.STATE_CHANGE, f);
    }
    onMuteToggle(f: connect.AgentMutedStatusCallback): Subscription {
      return sub(AgentEvents.MUTE_TOGGLE, f);
    }
    onLocalMediaStreamCreated(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(AgentEvents.LOCAL_MEDIA_STREAM_CREATED, f);
    }
    onEnqueuedNextState(f: connect.AgentCallback): Subscription {
      return sub(AgentEvents.ENQUEUED_NEXT_STATE, f);
    }
    onSpeakerDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.SPEAKER_DEVICE_CHANGED, f);
    }
    onMicrophoneDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.MICROPHONE_DEVICE_CHANGED, f);
    }
    onRingerDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.RINGER_DEVICE_CHANGED, f);
    }
    onCameraDeviceChanged(f: connect.UserMediaDeviceChangeCallback): Subscription {
      return sub(ConfigurationEvents.CAMERA_DEVICE_CHANGED, f);
    }
    onBackgroundBlurChanged(f: connect.UserBackgroundBlurChangeCallback): Subscription {
      return sub(ConfigurationEvents.BACKGROUND_BLUR_CHANGED, f);
    }
  }

  return Agent;
}
