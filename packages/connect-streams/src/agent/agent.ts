import { EventEmitter } from 'eventemitter3';
import { DEFAULT_CHANNEL_CONCURRENCY, ENDPOINTS_PAGE_SIZE } from '../constants';
import type { SupportedLocale } from '@x/connect-streams/protocol';
import type { CcpContext } from '../context';
import { ConnectError } from '../errors';
import { MESSAGES } from '../messages';
import type { Contact } from '../contact/contact';
import type {
  AgentSnapshot,
  AgentConfiguration,
  AgentStateData,
  AgentStateDefinition,
  EndpointData,
} from '../wire';
import { parseAccountId, parseAgentResourceId, parseInstanceId } from './arn';
import { EndpointCache } from './endpoint-cache';

/**
 * The supported locales, keyed by the protocol's `SupportedLocale` type so the compiler
 * checks the list against the wire contract without importing its runtime (zod) module.
 */
const LOCALES: Readonly<Record<SupportedLocale, true>> = {
  en_US: true,
  de_DE: true,
  es_ES: true,
  fr_FR: true,
  ja_JP: true,
  it_IT: true,
  ko_KR: true,
  pt_BR: true,
  zh_CN: true,
  zh_TW: true,
};

/** Payload of the agent `stateChange` event. @public */
export interface AgentStateChange {
  /** The agent, after the change. */
  readonly agent: Agent;
  /** The state name before the change. */
  readonly oldState: string;
  /** The state name after the change. */
  readonly newState: string;
}

/**
 * Agent events, keyed by name; every `on` returns an unsubscribe function.
 * @public
 */
export interface AgentEvents {
  /** First agent data (fires once). */
  init: [agent: Agent];
  /** Every agent update. */
  refresh: [agent: Agent];
  /** Entered a routable state type. */
  routable: [agent: Agent];
  /** Entered a not_routable state type. */
  notRoutable: [agent: Agent];
  /** Entered the offline state type. */
  offline: [agent: Agent];
  /** Entered an error state. */
  error: [agent: Agent];
  /** Entered AfterCallWork. */
  acw: [agent: Agent];
  /** State name changed. */
  stateChange: [change: AgentStateChange];
  /** A new next state was queued. */
  enqueuedNextState: [agent: Agent];
  /** The softphone mute state changed (`agent::mute_toggle`). */
  muteToggle: [status: { readonly muted: boolean }];
  /** A softphone error (`agent::softphone_error`). */
  softphoneError: [error: unknown];
  /** A device was selected (`configuration::set_*_device` broadcasts). */
  deviceChanged: [
    change: { readonly kind: 'speaker' | 'microphone' | 'ringer'; readonly deviceId: string },
  ];
}

/** Options of {@link Agent.setState}. @public */
export interface SetStateOptions {
  /** Queue the state as next state when the agent is busy. */
  readonly enqueueNextState?: boolean;
}

/** Options of {@link Agent.connect}. @public */
export interface ConnectOptions {
  /** Outbound queue (default: the routing profile's default outbound queue). */
  readonly queueARN?: string;
  /** A related contact to link the new contact to. */
  readonly relatedContactId?: string;
}

/** The configuration fields sent by {@link Agent.setConfiguration}. @public */
export interface AgentConfigurationUpdate {
  /** The agent's display name. */
  readonly name?: string;
  /** Whether calls ring in the browser softphone (else on the agent's desk phone). */
  readonly softphoneEnabled?: boolean;
  /** Whether softphone calls are accepted automatically. */
  readonly softphoneAutoAccept?: boolean;
  /** The desk-phone number used when the softphone is off. */
  readonly extension?: string;
  /** The routing profile, with its default outbound queue. */
  readonly routingProfile?: {
    readonly name?: string;
    readonly routingProfileARN?: string;
    readonly defaultOutboundQueue?: { readonly queueARN: string; readonly name?: string };
  };
  /** Agent preferences such as `locale` (a supported locale, e.g. `en_US`). */
  readonly agentPreferences?: Readonly<Record<string, string | undefined>>;
}

/**
 * The logged-in agent: current state and configuration (read from the latest `agent::update`) and
 * the documented agent actions.
 * @public
 */
export class Agent {
  private readonly emitter = new EventEmitter<AgentEvents>();
  private readonly endpointCache = new EndpointCache<EndpointData[]>();

  /** @internal */
  constructor(
    private readonly ctx: CcpContext,
    private readonly listContacts: (type?: string) => Contact[],
  ) {}

  /** Subscribes to an agent event; returns the unsubscribe function. */
  on<K extends keyof AgentEvents>(
    event: K,
    handler: (...args: AgentEvents[K]) => void,
  ): () => void {
    this.emitter.on(event, handler);
    return () => {
      this.emitter.off(event, handler);
    };
  }

  /** @internal */
  emit<K extends keyof AgentEvents>(event: K, arg: AgentEvents[K][0]): void {
    (this.emitter as unknown as EventEmitter).emit(event, arg);
  }

  /** @internal */
  hasListeners(event: keyof AgentEvents): boolean {
    return this.emitter.listenerCount(event) > 0;
  }

  /** @internal */
  dispose(): void {
    this.emitter.removeAllListeners();
    this.endpointCache.clear();
  }

  /**
   * @internal A copy of this agent frozen at its current data, with its contacts frozen too
   * (amazon-connect-streams' `AgentSnapshot`); its actions still go to the panel.
   */
  frozen(): Agent {
    const data = this.ctx.getData();
    const contacts = this.listContacts().map((c) => c.frozen());
    const ctx: CcpContext = Object.assign(Object.create(this.ctx) as CcpContext, {
      getData: () => data,
      hasData: () => true,
    });
    return new Agent(ctx, (type) => contacts.filter((c) => !type || c.getType() === type));
  }

  /** Whether agent data has arrived. */
  isInitialized(): boolean {
    return this.ctx.hasData();
  }

  /** Current state (`name`, `type`, `startTimestamp`). */
  getState(): AgentStateData {
    return this.ctx.getData().snapshot.state;
  }

  /** Alias of {@link Agent.getState}. */
  getStatus(): AgentStateData {
    return this.getState();
  }

  /** The queued next state, or null. */
  getNextState(): AgentStateData | null {
    return this.ctx.getData().snapshot.nextState ?? null;
  }

  /** The availability state, if the panel sends it. */
  getAvailabilityState(): NonNullable<AgentSnapshot['agentAvailabilityState']> | undefined {
    return this.ctx.getData().snapshot.agentAvailabilityState ?? undefined;
  }

  /** Milliseconds in the current state, corrected by the panel's clock skew. */
  getStateDuration(): number {
    const { snapshot } = this.ctx.getData();
    const start = snapshot.state.startTimestamp;
    return (
      this.ctx.now() - (start ? new Date(start).getTime() : this.ctx.now()) + (snapshot.skew ?? 0)
    );
  }

  /** The agent configuration. */
  getConfiguration(): AgentConfiguration {
    return this.ctx.getData().configuration;
  }

  /** The agent's name. */
  getName(): string {
    return this.getConfiguration().name;
  }

  /** The agent's ARN. */
  getAgentARN(): string | undefined {
    return this.getConfiguration().agentARN ?? undefined;
  }

  /** The agent's extension (deskphone number). */
  getExtension(): string | undefined {
    return this.getConfiguration().extension ?? undefined;
  }

  /** The states the agent may select. */
  getAgentStates(): readonly AgentStateDefinition[] {
    return this.getConfiguration().agentStates ?? [];
  }

  /** The routing profile. */
  getRoutingProfile(): AgentConfiguration['routingProfile'] {
    return this.getConfiguration().routingProfile;
  }

  /**
   * Channel concurrency: the routing profile's map, or 1 for VOICE and CHAT when it gives none (none
   * for TASK). With a channel, its number (0 when absent).
   */
  getChannelConcurrency(): Readonly<Record<string, number>>;
  /** The concurrency of one channel (`VOICE`, `CHAT`, `TASK`); 0 when the profile does not give it. */
  getChannelConcurrency(channel: string): number;
  getChannelConcurrency(channel?: string): number | Readonly<Record<string, number>> {
    const map: Readonly<Record<string, number>> =
      this.getRoutingProfile().channelConcurrencyMap ?? DEFAULT_CHANNEL_CONCURRENCY;
    return channel ? (map[channel] ?? 0) : map;
  }

  /** Permissions (`outboundCall`, `voiceId`, ...). */
  getPermissions(): readonly string[] {
    return this.getConfiguration().permissions ?? [];
  }

  /** Dialable country codes. */
  getDialableCountries(): readonly string[] {
    return this.getConfiguration().dialableCountries ?? [];
  }

  /** Whether softphone is enabled. */
  isSoftphoneEnabled(): boolean {
    return this.getConfiguration().softphoneEnabled;
  }

  /** The instance id parsed from the routing profile. */
  getInstanceId(): string | undefined {
    const rp = this.getRoutingProfile();
    return parseInstanceId(rp.routingProfileId ?? rp.routingProfileARN ?? undefined);
  }

  /** The account id parsed from the routing profile. */
  getAccountId(): string | undefined {
    const rp = this.getRoutingProfile();
    return parseAccountId(rp.routingProfileId ?? rp.routingProfileARN ?? undefined);
  }

  /** The agent resource id parsed from the agent ARN. */
  getResourceId(): string | undefined {
    return parseAgentResourceId(this.getAgentARN());
  }

  /** Current contacts, optionally of one type. */
  getContacts(type?: string): Contact[] {
    return this.listContacts(type);
  }

  /** Sets the agent state (`putAgentState {state, enqueueNextState}`). */
  setState(state: AgentStateDefinition, options: SetStateOptions = {}): Promise<unknown> {
    return this.ctx.channel.request('putAgentState', {
      state,
      enqueueNextState: options.enqueueNextState ?? false,
    });
  }

  /**
   * Updates the configuration (`updateAgentConfiguration {configuration}`). LANGUAGE is copied to
   * locale when locale is missing; an unsupported locale rejects with errorKey 'InvalidLocale'.
   */
  async setConfiguration(configuration: AgentConfigurationUpdate): Promise<unknown> {
    const prefs = configuration.agentPreferences
      ? { ...configuration.agentPreferences }
      : undefined;
    if (prefs) {
      if (prefs.LANGUAGE && !prefs.locale) prefs.locale = prefs.LANGUAGE;
      if (!prefs.locale || !Object.hasOwn(LOCALES, prefs.locale)) {
        throw new ConnectError('InvalidLocale', MESSAGES.invalidLocale);
      }
    }
    const rp = configuration.routingProfile;
    const payload = {
      name: configuration.name,
      softphoneEnabled: configuration.softphoneEnabled,
      softphoneAutoAccept: configuration.softphoneAutoAccept,
      extension: configuration.extension,
      routingProfile: rp && {
        name: rp.name,
        routingProfileARN: rp.routingProfileARN,
        defaultOutboundQueue: rp.defaultOutboundQueue && {
          queueARN: rp.defaultOutboundQueue.queueARN,
          name: rp.defaultOutboundQueue.name,
        },
      },
      agentPreferences: prefs,
    };
    const data = await this.ctx.channel.request('updateAgentConfiguration', {
      configuration: payload,
    });
    this.ctx.send('reload_agent_configuration');
    return data;
  }

  /** Places an outbound call (`createOutboundContact {endpoint, queueARN, relatedContactId}`). */
  connect(endpoint: EndpointData, options: ConnectOptions = {}): Promise<unknown> {
    const queueARN = options.queueARN ?? this.getRoutingProfile().defaultOutboundQueue?.queueARN;
    return this.ctx.channel.request('createOutboundContact', {
      endpoint,
      queueARN,
      ...(options.relatedContactId ? { relatedContactId: options.relatedContactId } : {}),
    });
  }

  /**
   * Quick-connect endpoints of the queues (`getEndpoints {queueARNs, nextToken, maxResults: 500}`,
   * paged by nextToken until done; cached up to 1 minute).
   */
  async getEndpoints(queueARNs: string | readonly string[]): Promise<EndpointData[]> {
    const arns = typeof queueARNs === 'string' ? [queueARNs] : [...queueARNs];
    const key = arns.join(',');
    const cached = this.endpointCache.get(key);
    if (cached) return cached;
    const endpoints: EndpointData[] = [];
    let nextToken: string | null = null;
    do {
      const page: { endpoints?: EndpointData[]; nextToken?: string | null } =
        await this.ctx.channel.request('getEndpoints', {
          queueARNs: arns,
          nextToken,
          maxResults: ENDPOINTS_PAGE_SIZE,
        });
      endpoints.push(...(page.endpoints ?? []));
      nextToken = page.nextToken ?? null;
    } while (nextToken);
    this.endpointCache.set(key, endpoints);
    return endpoints;
  }

  /** Mutes the softphone (broadcast `mute {mute: true}`). */
  mute(): void {
    this.ctx.broadcast('mute', { mute: true });
  }

  /** Unmutes the softphone (broadcast `mute {mute: false}`). */
  unmute(): void {
    this.ctx.broadcast('mute', { mute: false });
  }

  /** Selects the speaker device (broadcast `configuration::set_speaker_device {deviceId}`). */
  setSpeakerDevice(deviceId: string): void {
    this.ctx.broadcast('configuration::set_speaker_device', { deviceId });
  }

  /** Selects the microphone device (broadcast `configuration::set_microphone_device {deviceId}`). */
  setMicrophoneDevice(deviceId: string): void {
    this.ctx.broadcast('configuration::set_microphone_device', { deviceId });
  }

  /** Selects the ringer device (broadcast `configuration::set_ringer_device {deviceId}`). */
  setRingerDevice(deviceId: string): void {
    this.ctx.broadcast('configuration::set_ringer_device', { deviceId });
  }
}
