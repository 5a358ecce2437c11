import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentAppMethod } from '../constants';
import type { AgentAppRequests, SpeakerEvaluation } from '../port/types';
import {
  isAuthEnabled,
  isAuthResultInconclusive,
  isAuthResultNotEnoughSpeech,
  isAuthenticated,
  isFraudEnabled,
  isFraudResultInconclusive,
  isFraudResultNotEnoughSpeech,
  isHighRisk,
  mapAuthenticationDecision,
  mapFraudDetectionDecision,
} from './decisions';

describe('authentication decision mapping (softphone spec §4)', () => {
  it.each([
    ['ACCEPT', 'Authenticated'],
    ['REJECT', 'NotAuthenticated'],
    ['SPEAKER_OPTED_OUT', 'OptedOut'],
    ['SPEAKER_NOT_ENROLLED', 'NotEnrolled'],
    ['SPEAKER_ID_NOT_PROVIDED', 'Error'],
    ['SPEAKER_EXPIRED', 'Error'],
    ['toString', 'Error'],
  ])('%s becomes %s', (decision, expected) => {
    expect(mapAuthenticationDecision(decision, false)).toBe(expected);
    expect(mapAuthenticationDecision(decision, true)).toBe(expected);
  });

  it('a missing result becomes NotEnabled', () => {
    expect(mapAuthenticationDecision(undefined, false)).toBe('NotEnabled');
  });

  it('NOT_ENOUGH_SPEECH is undecided while streaming goes on and Inconclusive once it ended', () => {
    expect(mapAuthenticationDecision('NOT_ENOUGH_SPEECH', false)).toBeUndefined();
    expect(mapAuthenticationDecision('NOT_ENOUGH_SPEECH', true)).toBe('Inconclusive');
  });
});

describe('fraud-detection decision mapping (softphone spec §4)', () => {
  it.each([
    ['HIGH_RISK', 'HighRisk'],
    ['LOW_RISK', 'LowRisk'],
    ['ACCEPT', 'Error'],
  ])('%s becomes %s', (decision, expected) => {
    expect(mapFraudDetectionDecision(decision, false)).toBe(expected);
  });

  it('a missing result becomes NotEnabled; NOT_ENOUGH_SPEECH Inconclusive once streaming ended', () => {
    expect(mapFraudDetectionDecision(undefined, true)).toBe('NotEnabled');
    expect(mapFraudDetectionDecision('NOT_ENOUGH_SPEECH', false)).toBeUndefined();
    expect(mapFraudDetectionDecision('NOT_ENOUGH_SPEECH', true)).toBe('Inconclusive');
  });
});

describe('predicates', () => {
  it('isAuthEnabled / isFraudEnabled are false only for NotEnabled', () => {
    expect(isAuthEnabled('NotEnabled')).toBe(false);
    expect(isAuthEnabled('Authenticated')).toBe(true);
    expect(isFraudEnabled('NotEnabled')).toBe(false);
    expect(isFraudEnabled('HighRisk')).toBe(true);
  });

  it('NotEnoughSpeech and Inconclusive predicates match their exact values', () => {
    expect(isAuthResultNotEnoughSpeech('NOT_ENOUGH_SPEECH')).toBe(true);
    expect(isAuthResultNotEnoughSpeech('Inconclusive')).toBe(false);
    expect(isFraudResultNotEnoughSpeech('NOT_ENOUGH_SPEECH')).toBe(true);
    expect(isAuthResultInconclusive('Inconclusive')).toBe(true);
    expect(isFraudResultInconclusive('Inconclusive')).toBe(true);
    expect(isFraudResultInconclusive('NOT_ENOUGH_SPEECH')).toBe(false);
  });

  it('isAuthenticated and isHighRisk read an evaluation', () => {
    const evaluation: SpeakerEvaluation = {
      StreamingStatus: 'ONGOING',
      AuthenticationResult: { Decision: 'Authenticated' },
      FraudDetectionResult: { Decision: 'HighRisk' },
    };
    expect(isAuthenticated(evaluation)).toBe(true);
    expect(isHighRisk(evaluation)).toBe(true);
    const other: SpeakerEvaluation = {
      StreamingStatus: 'ENDED',
      AuthenticationResult: { Decision: 'Inconclusive' },
      FraudDetectionResult: { Decision: 'LowRisk' },
    };
    expect(isAuthenticated(other)).toBe(false);
    expect(isHighRisk(other)).toBe(false);
  });

  it('types a request body for every agent-app operation', () => {
    expectTypeOf<keyof AgentAppRequests>().toEqualTypeOf<AgentAppMethod>();
  });
});
