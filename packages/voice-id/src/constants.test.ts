import * as protocol from '@x/connect-streams/protocol';
import { describe, expect, it } from 'vitest';
import {
  ContactFlowAuthenticationDecision,
  ContactFlowFraudDetectionDecision,
  VOICE_ID_UPDATE_DOMAIN_ID_EVENT,
  VoiceIdAuthenticationDecision,
  VoiceIdEnrollmentRequestStatus,
  VoiceIdErrorType,
  VoiceIdFraudDetectionDecision,
  VoiceIdSpeakerStatus,
  VoiceIdStreamingStatus,
} from './constants';

// The package repeats these names instead of importing them, so that zod (which the protocol
// module's schemas use) stays out of its bundle. This keeps the copies equal to the wire contract.
describe('Voice ID names match the wire contract in @x/connect-streams/protocol', () => {
  const values = (o: Record<string, string>): string[] => Object.values(o).sort();

  it.each([
    ['error types (all 19)', VoiceIdErrorType, protocol.VoiceIdErrorTypes],
    ['streaming statuses', VoiceIdStreamingStatus, protocol.VoiceIdStreamingStatus],
    [
      'authentication decisions',
      VoiceIdAuthenticationDecision,
      protocol.VoiceIdAuthenticationDecision,
    ],
    ['fraud decisions', VoiceIdFraudDetectionDecision, protocol.VoiceIdFraudDetectionDecision],
    [
      'contact-flow authentication',
      ContactFlowAuthenticationDecision,
      protocol.ContactFlowAuthenticationDecision,
    ],
    [
      'contact-flow fraud',
      ContactFlowFraudDetectionDecision,
      protocol.ContactFlowFraudDetectionDecision,
    ],
    [
      'enrollment statuses',
      VoiceIdEnrollmentRequestStatus,
      protocol.VoiceIdEnrollmentRequestStatus,
    ],
    ['speaker statuses', VoiceIdSpeakerStatus, protocol.VoiceIdSpeakerStatus],
  ] as const)('%s', (_name, ours, wire) => {
    expect(values(ours)).toEqual(values(wire));
  });

  it('the domain-id broadcast is a VoiceIdEvents name', () => {
    expect(Object.values(protocol.VoiceIdEvents)).toContain(VOICE_ID_UPDATE_DOMAIN_ID_EVENT);
  });
});
