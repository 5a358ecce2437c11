import { describe, expect, it } from 'vitest';
import { loadRealConnect } from '../../test/real-streams';
import * as enums from './enums';
import { CTIExceptions } from './errors';
import * as events from './events';
import { MasterMethods } from './requests';
import { AgentAppClientMethods, ApiProxyClientMethods, ClientMethods, TransportType } from './cti';

const real228 = loadRealConnect('amazon-connect-streams-2-28');
const real2187 = loadRealConnect('amazon-connect-streams');

// Our enum → the name of the same enum on the real global `connect`.
const sameAsReal: [string, Record<string, string>, string][] = [
  ['EventType', events.EventType, 'EventType'],
  ['MasterTopics', events.MasterTopics, 'MasterTopics'],
  ['AgentEvents', events.AgentEvents, 'AgentEvents'],
  ['ContactEvents', events.ContactEvents, 'ContactEvents'],
  ['WebSocketEvents', events.WebSocketEvents, 'WebSocketEvents'],
  ['ConfigurationEvents', events.ConfigurationEvents, 'ConfigurationEvents'],
  ['ConnectionEvents', events.ConnectionEvents, 'ConnectionEvents'],
  ['ChannelViewEvents', events.ChannelViewEvents, 'ChannelViewEvents'],
  ['TaskEvents', events.TaskEvents, 'TaskEvents'],
  ['EmailEvents', events.EmailEvents, 'EmailEvents'],
  ['VoiceIdEvents', events.VoiceIdEvents, 'VoiceIdEvents'],
  ['DisasterRecoveryEvents', events.DisasterRecoveryEvents, 'DisasterRecoveryEvents'],
  ['GlobalResiliencyEvents', events.GlobalResiliencyEvents, 'GlobalResiliencyEvents'],
  ['AgentStateType', enums.AgentStateType, 'AgentStateType'],
  ['AgentAvailStates', enums.AgentAvailStates, 'AgentAvailStates'],
  ['AgentErrorStates', enums.AgentErrorStates, 'AgentErrorStates'],
  ['EndpointType', enums.EndpointType, 'EndpointType'],
  ['ConnectionType', enums.ConnectionType, 'ConnectionType'],
  ['ConnectionStateType', enums.ConnectionStateType, 'ConnectionStateType'],
  ['ContactStateType', enums.ContactStateType, 'ContactStateType'],
  ['ContactType', enums.ContactType, 'ContactType'],
  ['ContactInitiationMethod', enums.ContactInitiationMethod, 'ContactInitiationMethod'],
  ['ChannelType', enums.ChannelType, 'ChannelType'],
  ['MediaType', enums.MediaType, 'MediaType'],
  ['SoftphoneCallType', enums.SoftphoneCallType, 'SoftphoneCallType'],
  ['SoftphoneErrorTypes', enums.SoftphoneErrorTypes, 'SoftphoneErrorTypes'],
  ['MonitoringMode', enums.MonitoringMode, 'MonitoringMode'],
  ['ClickType', enums.ClickType, 'ClickType'],
  ['AgentPermissions', enums.AgentPermissions, 'AgentPermissions'],
  ['VoiceIdErrorTypes', enums.VoiceIdErrorTypes, 'VoiceIdErrorTypes'],
  ['VoiceIdSpeakerStatus', enums.VoiceIdSpeakerStatus, 'VoiceIdSpeakerStatus'],
  ['VoiceIdStreamingStatus', enums.VoiceIdStreamingStatus, 'VoiceIdStreamingStatus'],
  ['RetryStatus', enums.RetryStatus, 'RetryStatus'],
  ['CTIExceptions', CTIExceptions, 'CTIExceptions'],
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
    expect(events.EventType.ACKNOWLEDGE).toBe('acknowledge');
    expect(Object.values(events.EventType).every((v) => !v.includes('::'))).toBe(true);
  });

  it('includes the 2.28 additions', () => {
    expect(events.EventType.REQUEST_CONFIGURE).toBe('request_configure');
    expect(events.EventType.CROSS_REGION_CSM_CONFIG).toBe('cross_region_csm_config');
    expect(events.AgentEvents.CLEARED_NEXT_STATE).toBe('agent::cleared_next_state');
  });

  it('transport types include every real TRANSPORT_TYPES value', () => {
    for (const value of Object.values(real228.TRANSPORT_TYPES as Record<string, string>)) {
      expect(Object.values(TransportType)).toContain(value);
    }
  });

  it('names per-contact events contact::<evt>::<contactId>', () => {
    expect(events.contactEventName(events.ContactEvents.ACCEPTED, 'c-1')).toBe(
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
    expect(enums.SUPPORTED_LOCALES).toHaveLength(10);
    expect(enums.supportedLocaleSchema.safeParse('fr_FR').success).toBe(true);
    expect(enums.supportedLocaleSchema.safeParse('xx_XX').success).toBe(false);
  });

  it('classifies active contact and connection states as spec §4 says', () => {
    expect(enums.CONTACT_ACTIVE_STATES).toEqual([
      'paused',
      'incoming',
      'pending',
      'connecting',
      'connected',
    ]);
    expect(enums.CONNECTION_ACTIVE_STATES).toEqual([
      'connecting',
      'connected',
      'hold',
      'silent_monitor',
      'barge',
    ]);
    expect(enums.CONNECTION_CONNECTED_STATES).toEqual(['connected', 'silent_monitor', 'barge']);
  });
});
