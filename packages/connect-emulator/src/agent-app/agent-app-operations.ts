// The agent-app endpoint's operations (`X-Amz-Target: AgentAppService.*` and the quick-response
// and screen-sharing calls), each reading its body with its zod schema: Voice ID and the contact
// lookups on the Voice ID simulator, the instance's integrations and screen sharing, quick responses.
import { z } from 'zod';
import type { AgentAppBackend, AgentAppOperation } from './agent-app-router';
import { VoiceIdServiceError } from './voice-id-model';
import type { VoiceIdSimulator } from './voice-id-simulator';

/** One operation: the request body in, the answer out (or a {@link VoiceIdServiceError}). */
type Operation = (body: unknown) => unknown;

const voiceIdParams = z.object({ SpeakerId: z.string().min(1), DomainId: z.string().min(1) });
const sessionParams = z.object({
  SessionNameOrId: z.string().min(1),
  DomainId: z.string().min(1),
  SpeakerId: z.string().optional(),
});
const startSessionParams = z.object({
  contactId: z.string().min(1),
  instanceId: z.string().optional(),
  customerAccountId: z.string().optional(),
  clientToken: z.string().optional(),
  domainId: z.string().min(1),
});
/** `Lcms.updateVoiceIdData`: the contact's Voice ID result (the contact must be the caller's). */
const updateVoiceIdDataParams = z.looseObject({
  ContactId: z.string().min(1),
  InstanceId: z.string().optional(),
  AWSAccountId: z.string().optional(),
  CustomerId: z.string().optional(),
  VoiceIdResult: z.record(z.string(), z.unknown()).optional(),
});
const getContactParams = z.object({
  contactId: z.string().min(1),
  instanceId: z.string().optional(),
  awsAccountId: z.string().optional(),
});
const integrationParams = z.object({
  InstanceId: z.string().min(1),
  IntegrationType: z.string().optional(),
});

/** The body read with `schema`; a 400 `ValidationException` naming the first issue otherwise. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new VoiceIdServiceError(
      400,
      'ValidationException',
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
  return result.data;
}

/** Every agent-app operation by name. */
export function agentAppOperations(
  backend: AgentAppBackend,
  voiceId: VoiceIdSimulator,
): Record<AgentAppOperation, Operation> {
  return {
    ...voiceIdOperations(voiceId),
    ...instanceOperations(backend, voiceId),
    ...quickResponseOperations(backend),
  };
}

/** Voice ID (speakers, sessions), the Voice ID session start and the contact lookups. */
function voiceIdOperations(
  voiceId: VoiceIdSimulator,
): Pick<
  Record<AgentAppOperation, Operation>,
  | 'AgentAppService.VoiceId.describeSpeaker'
  | 'AgentAppService.VoiceId.optOutSpeaker'
  | 'AgentAppService.VoiceId.deleteSpeaker'
  | 'AgentAppService.VoiceId.evaluateSession'
  | 'AgentAppService.VoiceId.describeSession'
  | 'AgentAppService.VoiceId.enrollBySession'
  | 'AgentAppService.VoiceId.updateSession'
  | 'AgentAppService.Nasa.startVoiceIdSession'
  | 'AgentAppService.Lcms.getContact'
  | 'AgentAppService.Lcms.updateVoiceIdData'
> {
  return {
    'AgentAppService.VoiceId.describeSpeaker': (b) => {
      const p = parse(voiceIdParams, b);
      return voiceId.describeSpeaker(p.SpeakerId, p.DomainId);
    },
    'AgentAppService.VoiceId.optOutSpeaker': (b) => {
      const p = parse(voiceIdParams, b);
      return voiceId.optOutSpeaker(p.SpeakerId, p.DomainId);
    },
    'AgentAppService.VoiceId.deleteSpeaker': (b) => {
      const p = parse(voiceIdParams, b);
      return voiceId.deleteSpeaker(p.SpeakerId, p.DomainId);
    },
    'AgentAppService.VoiceId.evaluateSession': (b) => {
      const p = parse(sessionParams, b);
      return voiceId.evaluateSession(p.SessionNameOrId, p.DomainId);
    },
    'AgentAppService.VoiceId.describeSession': (b) => {
      const p = parse(sessionParams, b);
      return voiceId.describeSession(p.SessionNameOrId, p.DomainId);
    },
    'AgentAppService.VoiceId.enrollBySession': (b) => {
      const p = parse(sessionParams, b);
      return voiceId.enrollBySession(p.SessionNameOrId, p.DomainId);
    },
    'AgentAppService.VoiceId.updateSession': (b) => {
      const p = parse(sessionParams.extend({ SpeakerId: z.string().min(1) }), b);
      return voiceId.updateSession(p.SessionNameOrId, p.SpeakerId, p.DomainId);
    },
    'AgentAppService.Nasa.startVoiceIdSession': (b) => {
      const p = parse(startSessionParams, b);
      return voiceId.startSession(p.contactId, p.domainId);
    },
    'AgentAppService.Lcms.getContact': (b) =>
      voiceId.getContact(parse(getContactParams, b).contactId),
    'AgentAppService.Lcms.updateVoiceIdData': (b) =>
      voiceId.updateVoiceIdData(parse(updateVoiceIdDataParams, b)),
  };
}

/** The operations that name the instance: its integrations and screen sharing. */
function instanceOperations(
  backend: AgentAppBackend,
  voiceId: VoiceIdSimulator,
): Pick<
  Record<AgentAppOperation, Operation>,
  'AgentAppService.Acs.listIntegrationAssociations' | 'startScreenSharing'
> {
  return {
    'AgentAppService.Acs.listIntegrationAssociations': (b) => {
      const p = parse(integrationParams, b);
      if (p.InstanceId !== backend.instanceId) {
        throw new VoiceIdServiceError(
          404,
          'ResourceNotFoundException',
          `Instance not found: ${p.InstanceId}`,
        );
      }
      return voiceId.listIntegrationAssociations(p.InstanceId);
    },
    startScreenSharing: (b) => {
      const p = parse(
        z.object({
          InstanceId: z.string().min(1),
          ContactId: z.string().min(1),
          ParticipantId: z.string().min(1),
        }),
        b,
      );
      if (p.InstanceId !== backend.instanceId) {
        throw new VoiceIdServiceError(
          404,
          'ResourceNotFoundException',
          `Instance not found: ${p.InstanceId}`,
        );
      }
      return backend.startScreenSharing?.(p) ?? {};
    },
  };
}

/** The quick responses: whether any exist, and a search by text and channel. */
function quickResponseOperations(
  backend: AgentAppBackend,
): Pick<Record<AgentAppOperation, Operation>, 'qrIntegrationExists' | 'qrSearchQuickResponses'> {
  return {
    qrIntegrationExists: () => ({ exists: backend.quickResponses().length > 0 }),
    qrSearchQuickResponses: (b) => {
      const p = parse(
        z
          .object({
            query: z.string().optional(),
            channel: z.string().optional(),
            maxResults: z.number().optional(),
          })
          .passthrough(),
        b,
      );
      const q = (p.query ?? '').toLowerCase();
      const hits = backend
        .quickResponses()
        .filter(
          (r) =>
            (p.channel === undefined || r.channels.includes(p.channel.toUpperCase())) &&
            (q === '' ||
              r.name.toLowerCase().includes(q) ||
              r.content.toLowerCase().includes(q) ||
              r.shortcutKey?.toLowerCase() === q),
        )
        .slice(0, p.maxResults ?? 25);
      return {
        results: hits.map((r) => ({
          quickResponseId: r.id,
          name: r.name,
          contents: { plainText: { content: r.content } },
          shortcutKey: r.shortcutKey,
          channels: [...r.channels],
        })),
      };
    },
  };
}
