import { VOICE_ID_PERMISSION, VOICE_ID_UPDATE_DOMAIN_ID_EVENT } from '../constants';
import { createDomainIdStore, type DomainIdStore } from '../domain/domain-id-store';
import type { AgentAppTransport } from '../port/types';
import { createChannelAgentAppTransport } from '../transport/transports';
import { isObject } from '../voice-id/validate';
import { VoiceId, type VoiceIdOptions } from '../voice-id/voice-id';

/**
 * The parts of an `@x/connect-streams` `Ccp` that Voice ID uses: the agent (permissions, instance
 * and account ids), the panel's request channel (`api_request`, which the panel routes to the
 * agent-app endpoint), and broadcasts (`voiceId::update_domain_id`).
 * @public
 */
export interface VoiceIdCcp {
  /** The logged-in agent. */
  readonly agent: {
    getPermissions(): readonly string[];
    getInstanceId(): string | undefined;
    getAccountId(): string | undefined;
  };
  /** The request channel to the panel (`api_request`). */
  readonly client: { request(method: string, params?: unknown): PromiseLike<unknown> };
  /** Sends an envelope to the panel (used for `broadcast`). */
  send(event: string, data?: unknown): void;
  /** Subscribes to an envelope from the panel; returns the unsubscribe function. */
  onMessage(event: string, handler: (data: unknown) => void): () => void;
}

/**
 * The parts of an `@x/connect-streams` `Contact` that Voice ID uses.
 * @public
 */
export interface VoiceIdStreamsContact {
  /** The contact id. */
  readonly contactId: string;
  /** The initial contact id, which names the Voice ID session. */
  getInitialContactId(): string | undefined;
  /** The connections; active ones count towards the conference limit. */
  getConnections(): readonly { isActive(): boolean }[];
}

/**
 * Options of {@link createVoiceId}: the contact's `Ccp`, plus any {@link VoiceIdOptions}.
 * @public
 */
export interface CreateVoiceIdOptions extends VoiceIdOptions {
  /** The `Ccp` the contact belongs to (from `initCCP`). */
  readonly ccp: VoiceIdCcp;
}

interface Binding {
  readonly transport: AgentAppTransport;
  readonly domainStore: DomainIdStore;
}

const bindings = new WeakMap<VoiceIdCcp, Binding>();

function bind(ccp: VoiceIdCcp): Binding {
  let binding = bindings.get(ccp);
  if (!binding) {
    const domainStore = createDomainIdStore((domainId) =>
      ccp.send('broadcast', { event: VOICE_ID_UPDATE_DOMAIN_ID_EVENT, data: { domainId } }),
    );
    ccp.onMessage(VOICE_ID_UPDATE_DOMAIN_ID_EVENT, (data) => {
      if (isObject(data) && typeof data['domainId'] === 'string') {
        domainStore.receive(data['domainId']);
      }
    });
    binding = {
      transport: createChannelAgentAppTransport((method, params) =>
        ccp.client.request(method, params),
      ),
      domainStore,
    };
    bindings.set(ccp, binding);
  }
  return binding;
}

/**
 * Voice ID for a contact of `@x/connect-streams`. Operations go to the agent-app endpoint through
 * the panel (`api_request` with the AgentAppService method), as the streams library does. The
 * domain id is cached per `Ccp`, shared with other tabs by a `voiceId::update_domain_id`
 * broadcast, and taken from such broadcasts.
 *
 * @example
 * ```ts
 * const ccp = initCCP(container, { ccpUrl });
 * ccp.contacts.on('connected', async (contact) => {
 *   const voiceId = createVoiceId(contact, { ccp });
 *   const result = await voiceId.evaluateSpeaker(true);
 *   console.log(result.AuthenticationResult.Decision);
 * });
 * ```
 * @public
 */
export function createVoiceId(
  contact: VoiceIdStreamsContact,
  options: CreateVoiceIdOptions,
): VoiceId {
  const { ccp, ...rest } = options;
  const { transport, domainStore } = bind(ccp);
  return new VoiceId(
    {
      contactId: contact.contactId,
      getInitialContactId: () => contact.getInitialContactId(),
      getInstanceId: () => ccp.agent.getInstanceId() ?? '',
      getAwsAccountId: () => ccp.agent.getAccountId() ?? '',
      getActiveConnectionCount: () => contact.getConnections().filter((c) => c.isActive()).length,
      hasVoiceIdPermission: () => ccp.agent.getPermissions().includes(VOICE_ID_PERMISSION),
    },
    transport,
    { domainStore, ...rest },
  );
}
