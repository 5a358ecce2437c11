import { describe, expect, it } from 'vitest';
import { loadRealConnect } from '../../test/real-streams';
import * as enums from './enums';
import * as events from './events';
import * as names from './names';
import { MasterMethods } from './requests';
import {
  AgentAppClientMethods,
  ApiProxyClientMethods,
  ClientMethods,
  TransportType,
} from './client-methods';

const real228 = loadRealConnect('amazon-connect-streams-2-28');
const real2187 = loadRealConnect('amazon-connect-streams');

// Our enum → the name of the same enum on the real global `connect`.
const sameAsReal: [string, Record<string, string>, string][] = [
  ['EventType', names.EventType, 'EventType'],
  ['MasterTopics', names.MasterTopics, 'MasterTopics'],
  ['AgentEvents', names.AgentEvents, 'AgentEvents'],
  ['ContactEvents', names.ContactEvents, 'ContactEvents'],
  ['WebSocketEvents', names.WebSocketEvents, 'WebSocketEvents'],
  ['ConfigurationEvents', names.ConfigurationEvents, 'ConfigurationEvents'],
  ['ConnectionEvents', names.ConnectionEvents, 'ConnectionEvents'],
  ['ChannelViewEvents', names.ChannelViewEvents, 'ChannelViewEvents'],
  ['TaskEvents', names.TaskEvents, 'TaskEvents'],
  ['EmailEvents', names.EmailEvents, 'EmailEvents'],
  ['VoiceIdEvents', names.VoiceIdEvents, 'VoiceIdEvents'],
  ['DisasterRecoveryEvents', names.DisasterRecoveryEvents, 'DisasterRecoveryEvents'],
  ['GlobalResiliencyEvents', names.GlobalResiliencyEvents, 'GlobalResiliencyEvents'],
  ['AgentStateType', names.AgentStateType, 'AgentStateType'],
  ['AgentAvailStates', names.AgentAvailStates, 'AgentAvailStates'],
  ['AgentErrorStates', names.AgentErrorStates, 'AgentErrorStates'],
  ['EndpointType', names.EndpointType, 'EndpointType'],
  ['ConnectionType', names.ConnectionType, 'ConnectionType'],
  ['ConnectionStateType', names.ConnectionStateType, 'ConnectionStateType'],
  ['ContactStateType', names.ContactStateType, 'ContactStateType'],
  ['ContactType', names.ContactType, 'ContactType'],
  ['ContactInitiationMethod', names.ContactInitiationMethod, 'ContactInitiationMethod'],
  ['ChannelType', names.ChannelType, 'ChannelType'],
  ['MediaType', names.MediaType, 'MediaType'],
  ['SoftphoneCallType', names.SoftphoneCallType, 'SoftphoneCallType'],
  ['SoftphoneErrorTypes', names.SoftphoneErrorTypes, 'SoftphoneErrorTypes'],
  ['MonitoringMode', names.MonitoringMode, 'MonitoringMode'],
  ['ClickType', names.ClickType, 'ClickType'],
  ['AgentPermissions', names.AgentPermissions, 'AgentPermissions'],
  ['VoiceIdErrorTypes', names.VoiceIdErrorTypes, 'VoiceIdErrorTypes'],
  ['VoiceIdSpeakerStatus', names.VoiceIdSpeakerStatus, 'VoiceIdSpeakerStatus'],
  ['VoiceIdStreamingStatus', names.VoiceIdStreamingStatus, 'VoiceIdStreamingStatus'],
  ['RetryStatus', names.RetryStatus, 'RetryStatus'],
  ['CTIExceptions', names.CTIExceptions, 'CTIExceptions'],
  ['ClientMethods', ClientMethods, 'ClientMethods'],
  ['MasterMethods', MasterMethods, 'MasterMethods'],
  ['ApiProxyClientMethods', ApiProxyClientMethods, 'ApiProxyClientMethods'],
  ['AgentAppClientMethods', AgentAppClientMethods, 'AgentAppClientMethods'],
];

describe('event-name and enumeration values match the real amazon-connect-streams', () => {
  it.each(sameAsReal)(
    '%s has exactly the keys and string values of streams 2.28.2',
    (_, ours, name) => {
      expect(ours).toEqual(real228[name]);
    },
  );

  it.each(sameAsReal)('%s contains every value of streams 2.18.7', (_, ours, name) => {
    const values = Object.values(ours);
    for (const value of Object.values(real2187[name] as Record<string, string>)) {
      expect(values).toContain(value);
    }
  });

  it('EventType values are bare strings, not namespaced', () => {
    expect(names.EventType.ACKNOWLEDGE).toBe('acknowledge');
    expect(Object.values(names.EventType).every((v) => !v.includes('::'))).toBe(true);
  });

  it('includes the 2.28 additions', () => {
    expect(names.EventType.REQUEST_CONFIGURE).toBe('request_configure');
    expect(names.EventType.CROSS_REGION_CSM_CONFIG).toBe('cross_region_csm_config');
    expect(names.AgentEvents.CLEARED_NEXT_STATE).toBe('agent::cleared_next_state');
  });

  it('transport types include every real TRANSPORT_TYPES value', () => {
    for (const value of Object.values(real228.TRANSPORT_TYPES as Record<string, string>)) {
      expect(Object.values(TransportType)).toContain(value);
    }
  });

  it('names per-contact events contact::<evt>::<contactId>', () => {
    expect(names.contactEventName(names.ContactEvents.ACCEPTED, 'c-1')).toBe(
      'contact::accepted::c-1',
    );
  });

  it('validates event names with the enum schemas', () => {
    expect(events.eventTypeSchema.safeParse('synchronize').success).toBe(true);
    expect(events.eventTypeSchema.safeParse('connect::synchronize').success).toBe(false);
    expect(events.masterTopicSchema.safeParse('connect::softphone').success).toBe(true);
  });
});

describe('spec §3 enumerations', () => {
  it('lists the ten supported locales', () => {
    expect(names.SUPPORTED_LOCALES).toHaveLength(10);
    expect(enums.supportedLocaleSchema.safeParse('fr_FR').success).toBe(true);
    expect(enums.supportedLocaleSchema.safeParse('xx_XX').success).toBe(false);
  });

  it('classifies active contact and connection states as spec §4 says', () => {
    expect(names.CONTACT_ACTIVE_STATES).toEqual([
      'paused',
      'incoming',
      'pending',
      'connecting',
      'connected',
    ]);
    expect(names.CONNECTION_ACTIVE_STATES).toEqual([
      'connecting',
      'connected',
      'hold',
      'silent_monitor',
      'barge',
    ]);
    expect(names.CONNECTION_CONNECTED_STATES).toEqual(['connected', 'silent_monitor', 'barge']);
  });
});
