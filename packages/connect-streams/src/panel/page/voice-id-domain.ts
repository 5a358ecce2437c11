// The Voice ID domain of a panel session, kept as the real initSharedWorker keeps it: taken from
// `voiceId::update_domain_id`, or looked up once the agent is known and has the `voiceId`
// permission (`AgentAppService.Acs.listIntegrationAssociations`), then broadcast to every page.
import type { EventEmitter } from 'eventemitter3';
import type { PanelSessionEvents } from './init-shared-worker';

/** What the lookup needs of the session: a CTI call and a broadcast through the worker. */
export interface VoiceIdDomainLookup {
  call(method: string, params: Record<string, unknown>): Promise<unknown>;
  broadcast(event: string, data?: unknown): void;
}

/** Watches one session's events for its Voice ID domain id. */
export class VoiceIdDomain {
  private known: string | undefined;
  private readonly lookup: VoiceIdDomainLookup;

  /** Starts watching `emitter`; with `fetch`, looks the domain up on the first `agent::update`. */
  constructor(
    emitter: EventEmitter<PanelSessionEvents>,
    fetch: boolean,
    lookup: VoiceIdDomainLookup,
  ) {
    this.lookup = lookup;
    emitter.on('voiceId::update_domain_id', (data) => {
      const domainId = (data as { domainId?: unknown } | null)?.domainId;
      if (typeof domainId === 'string' && domainId !== '') this.known = domainId;
    });
    if (fetch) {
      const onAgent = (data: unknown): void => {
        emitter.off('agent::update', onAgent);
        void this.lookUp(data);
      };
      emitter.on('agent::update', onAgent);
    }
  }

  /** The domain id, once looked up or received. */
  get domainId(): string | undefined {
    return this.known;
  }

  private async lookUp(data: unknown): Promise<void> {
    const configuration = (data as { configuration?: Record<string, unknown> } | null)
      ?.configuration;
    const permissions = configuration?.['permissions'];
    if (!Array.isArray(permissions) || !permissions.includes('voiceId') || this.known) return;
    const profile = configuration?.['routingProfile'] as
      { routingProfileId?: unknown; routingProfileARN?: unknown } | undefined;
    const id = profile?.routingProfileId ?? profile?.routingProfileARN;
    const arn = typeof id === 'string' ? id : '';
    const instanceId = /instance\/([^/]+)/.exec(arn)?.[1];
    if (!instanceId) return;
    try {
      const result = (await this.lookup.call('AgentAppService.Acs.listIntegrationAssociations', {
        InstanceId: instanceId,
        IntegrationType: 'VOICE_ID',
      })) as { IntegrationAssociationSummaryList?: { IntegrationArn?: string }[] } | null;
      const integrationArn = result?.IntegrationAssociationSummaryList?.[0]?.IntegrationArn;
      const domainId = integrationArn?.replace(/^.*domain\//i, '');
      if (!domainId) return;
      this.known = domainId;
      this.lookup.broadcast('voiceId::update_domain_id', { domainId });
    } catch {
      // no Voice ID for this instance: nothing to cache
    }
  }
}
