// `connect.Agent`, second layer: what the agent does (state, configuration, outbound calls,
// endpoints, mute and devices), with the original's callbacks.
import type { AgentConfigurationUpdate } from '../agent/agent';
import { ConfigurationEvents, EventType } from '../protocol/names';
import type { AgentStateDefinition, EndpointData } from '../wire';
import type { AgentDataClass } from './agent-data';
import { attempt } from './callbacks';
import { Endpoint, toEndpointData } from './endpoint';
import type { CompatRuntime } from './runtime';

/** Builds the actions of `connect.Agent` over its data layer. */
export function defineAgentActions(rt: CompatRuntime, AgentData: AgentDataClass) {
  return class AgentActions extends AgentData {
    setState(
      state: connect.AgentStateDefinition,
      callbacks?: connect.SuccessFailOptions,
      options?: connect.AgentSetStateOptions,
    ): void {
      attempt(() => this._core().setState(state as AgentStateDefinition, options), callbacks);
    }
    /** Deprecated alias of setState. */
    setStatus(
      state: connect.AgentStateDefinition,
      callbacks?: connect.SuccessFailOptions,
      options?: connect.AgentSetStateOptions,
    ): void {
      this.setState(state, callbacks, options);
    }
    /**
     * Sends the configuration fields the panel accepts; the whole `getConfiguration()` object may be
     * passed back, as in the original.
     */
    setConfiguration(
      configuration: connect.AgentConfiguration | AgentConfigurationUpdate,
      callbacks?: connect.SuccessFailOptions,
    ): void {
      attempt(
        () => this._core().setConfiguration(configuration as AgentConfigurationUpdate),
        callbacks,
      );
    }
    /** Declared by the original's index.d.ts, absent from its runtime: not a function here either. */
    declare createTask: connect.Agent['createTask'];
    connect(endpoint: connect.Endpoint | EndpointData, params: connect.ConnectOptions = {}): void {
      const { success, failure, queueARN, relatedContactId } = params;
      attempt(
        () =>
          this._core().connect(toEndpointData(endpoint), {
            ...(queueARN ? { queueARN } : {}),
            ...(relatedContactId ? { relatedContactId } : {}),
          }),
        { success, failure },
      );
    }
    getEndpoints(queueARNs: string | string[], callbacks?: connect.GetEndpointsCallbacks): void {
      attempt(async () => {
        const list = (await this._core().getEndpoints(queueARNs)).map((e) => new Endpoint(e));
        return { endpoints: list, addresses: list };
      }, callbacks);
    }
    getAddresses(queueARNs: string | string[], callbacks?: connect.GetEndpointsCallbacks): void {
      this.getEndpoints(queueARNs, callbacks);
    }
    mute(): void {
      this._core().mute();
    }
    unmute(): void {
      this._core().unmute();
    }
    setSpeakerDevice(deviceId: string): void {
      this._core().setSpeakerDevice(deviceId);
    }
    setMicrophoneDevice(deviceId: string): void {
      this._core().setMicrophoneDevice(deviceId);
    }
    setRingerDevice(deviceId: string): void {
      this._core().setRingerDevice(deviceId);
    }
    /** Broadcasts `configuration::camera_device_changed {deviceId}`. */
    setCameraDevice(deviceId: string): void {
      rt.ccp().send(EventType.BROADCAST, {
        event: ConfigurationEvents.CAMERA_DEVICE_CHANGED,
        data: { deviceId },
      });
    }
    /** Broadcasts `configuration::background_blur_changed {isBackgroundBlurEnabled}`. */
    setBackgroundBlur(isBackgroundBlurEnabled: boolean): void {
      rt.ccp().send(EventType.BROADCAST, {
        event: ConfigurationEvents.BACKGROUND_BLUR_CHANGED,
        data: { isBackgroundBlurEnabled },
      });
    }
  };
}

/** The agent actions layer of one runtime. */
export type AgentActionsClass = ReturnType<typeof defineAgentActions>;
