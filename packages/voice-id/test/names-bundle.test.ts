import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as protocol from '@x/connect-streams/protocol';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as constants from '../src/constants';
import * as voiceId from '../src/index';

const here = dirname(fileURLToPath(import.meta.url));

describe('the Voice ID names are the wire contract’s, from its zod-free names module', () => {
  it('exports the protocol objects themselves (no copies)', () => {
    expect(voiceId.VoiceIdErrorType).toBe(protocol.VoiceIdErrorTypes);
    expect(voiceId.VoiceIdStreamingStatus).toBe(protocol.VoiceIdStreamingStatus);
    expect(voiceId.VoiceIdAuthenticationDecision).toBe(protocol.VoiceIdAuthenticationDecision);
    expect(voiceId.VoiceIdFraudDetectionDecision).toBe(protocol.VoiceIdFraudDetectionDecision);
    expect(voiceId.ContactFlowAuthenticationDecision).toBe(
      protocol.ContactFlowAuthenticationDecision,
    );
    expect(voiceId.ContactFlowFraudDetectionDecision).toBe(
      protocol.ContactFlowFraudDetectionDecision,
    );
    expect(voiceId.VoiceIdEnrollmentRequestStatus).toBe(protocol.VoiceIdEnrollmentRequestStatus);
    expect(voiceId.VoiceIdSpeakerStatus).toBe(protocol.VoiceIdSpeakerStatus);
    expect(constants.VOICE_ID_UPDATE_DOMAIN_ID_EVENT).toBe(protocol.VoiceIdEvents.UPDATE_DOMAIN_ID);
    expect(constants.VOICE_ID_PERMISSION).toBe(protocol.AgentPermissions.VOICE_ID);
    expect(constants.ACTIVE_CONNECTION_STATES).toBe(protocol.CONNECTION_ACTIVE_STATES);
  });

  it('an application bundling @x/voice-id with @x/connect-streams/protocol gets no zod', async () => {
    const result = await build({
      stdin: { contents: `export * from '@x/voice-id';`, resolveDir: here, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    // The files that contribute code to the bundle (parsed-then-shaken files have 0 bytes).
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, use]) => use.bytesInOutput > 0)
        .map(([file]) => file),
    );
    expect(inputs.some((file) => file.includes('connect-streams/src/protocol/names'))).toBe(true);
    expect(inputs.filter((file) => file.includes('/zod/'))).toEqual([]);
  });
});
