// The contact centre through the official AWS SDK clients: the emulator's admin API in
// development and tests, a real Amazon Connect instance in production (only the endpoint,
// region and credentials change).
import type { Readable } from 'node:stream';
import {
  DescribeContactCommand,
  DescribeQueueCommand,
  DescribeQuickConnectCommand,
  GetCurrentUserDataCommand,
  ListAgentStatusesCommand,
  ListQueuesCommand,
  ListQuickConnectsCommand,
  ListUsersCommand,
  MonitorContactCommand,
  PutUserStatusCommand,
  UpdateContactAttributesCommand,
  type Contact,
  type UserData,
} from '@aws-sdk/client-connect';
import type { Logger } from 'pino';
import { openRecording, readTranscript, type TranscriptLine } from './contact-media';
import { readQueueMetrics, type QueueMetrics } from './queue-metrics';
import { ConnectClients } from './connect-clients';
import { InstanceListCache } from './instance-list-cache';
import { SharedUserData } from './live-user-data';
import type { Config } from '../config';
import { ApiError } from '../lib/errors';
import { MESSAGES } from '../lib/messages';

export type { QueueMetrics } from './queue-metrics';
export type { TranscriptLine } from './contact-media';

/** The contact centre of one workspace: its instance and region. */
export interface InstanceRef {
  readonly instanceId: string;
  readonly region: string;
}

/** A transfer destination from the instance's quick connects. */
export interface QuickConnect {
  readonly id: string;
  /** The quick connect's ARN: the endpointId the softphone transfers to. */
  readonly endpointId: string;
  readonly name: string;
  readonly type: string;
  readonly userId?: string;
  readonly queueId?: string;
  /** An external-number quick connect's E.164 number. */
  readonly phoneNumber?: string;
  readonly description: string;
}

/** GetCurrentUserData accepts at most 100 agents per filter. */
const AGENTS_PER_CALL = 100;
/** Quick connects and the queue list change rarely: each is asked again after 30 s. */
const INSTANCE_LIST_TTL_MS = 30_000;
/** How long the voice configuration waits for the emulator to mint a sign-in link. */
const SIGN_IN_LINK_TIMEOUT_MS = 2_000;
/** The errors DescribeContact answers for an id that names no contact of the instance. */
const NO_SUCH_CONTACT: ReadonlySet<string> = new Set([
  'ResourceNotFoundException',
  'ContactNotFoundException',
  'InvalidParameterException',
  'InvalidRequestException',
]);

export class ContactCentre {
  private readonly sdk: ConnectClients;
  private readonly shared: SharedUserData;
  private readonly quickConnectCache = new InstanceListCache<QuickConnect[]>(INSTANCE_LIST_TTL_MS);
  private readonly queueListCache = new InstanceListCache<{ id: string; name: string }[]>(
    INSTANCE_LIST_TTL_MS,
  );

  /** The id of each instance's Offline agent status (ListAgentStatuses, type OFFLINE). */
  private readonly offlineStatusIds = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly config: Config['connect'],
    private readonly log: Logger,
  ) {
    this.sdk = new ConnectClients(config, log);
    this.shared = new SharedUserData(
      (ref, userIds) => this.currentUserData(ref, userIds),
      config.liveDataTtlMs,
    );
  }

  /** Whether an endpoint is configured (without one, voice routes answer 503). */
  get configured(): boolean {
    return this.config.endpoint !== undefined;
  }

  /** The browser-facing base URL of the contact centre (the emulator's), when known. */
  get publicUrl(): string | undefined {
    return this.config.publicUrl;
  }

  /**
   * Whether the server may ask the emulator for one-time sign-in links (it holds the control
   * token): a demo convenience; without it agents sign in at the panel's login page.
   */
  get mintsSignInLinks(): boolean {
    return this.config.endpoint !== undefined && this.config.emulatorControlToken !== undefined;
  }

  /** Every user of the instance: id and username. */
  async users(ref: InstanceRef): Promise<{ id: string; username: string }[]> {
    const out: { id: string; username: string }[] = [];
    let NextToken: string | undefined;
    do {
      const page = await this.sdk.call('ListUsers', () =>
        this.sdk
          .client(ref.region)
          .send(new ListUsersCommand({ InstanceId: ref.instanceId, NextToken, MaxResults: 1000 })),
      );
      for (const u of page.UserSummaryList ?? [])
        if (u.Id && u.Username) out.push({ id: u.Id, username: u.Username });
      NextToken = page.NextToken;
    } while (NextToken);
    return out;
  }

  /**
   * Live data (status, contacts) of the given users, keyed by user id. Users that are offline
   * with no contact are absent (the service reports only logged-in agents). The filter takes
   * 100 agents, so larger lists are asked in parallel slices.
   */
  async currentUserData(
    ref: InstanceRef,
    userIds: readonly string[],
  ): Promise<Map<string, UserData>> {
    const slices: string[][] = [];
    for (let i = 0; i < userIds.length; i += AGENTS_PER_CALL)
      slices.push(userIds.slice(i, i + AGENTS_PER_CALL));
    const pages = await Promise.all(
      slices.map(async (Agents) => {
        const list: UserData[] = [];
        let NextToken: string | undefined;
        do {
          const page = await this.sdk.call('GetCurrentUserData', () =>
            this.sdk.client(ref.region).send(
              new GetCurrentUserDataCommand({
                InstanceId: ref.instanceId,
                Filters: { Agents },
                MaxResults: AGENTS_PER_CALL,
                NextToken,
              }),
            ),
          );
          list.push(...(page.UserDataList ?? []));
          NextToken = page.NextToken;
        } while (NextToken);
        return list;
      }),
    );
    const byUser = new Map<string, UserData>();
    for (const data of pages.flat()) if (data.User?.Id) byUser.set(data.User.Id, data);
    return byUser;
  }

  /**
   * Live data of the given users, shared between requests (see {@link SharedUserData}). For
   * screens that list agents; a decision about one agent reads {@link currentUserData}.
   */
  sharedUserData(ref: InstanceRef, userIds: readonly string[]): Promise<Map<string, UserData>> {
    return this.shared.get(ref, userIds);
  }

  /**
   * Forgets the shared live data (every instance's): a contact event says it changed, so the
   * next request reads the contact centre instead of a snapshot from before the change.
   */
  forgetLiveData(): void {
    this.shared.forget();
  }

  /**
   * The instance's agent, queue and external-number quick connects (cached for 30 s: they change
   * rarely).
   */
  quickConnects(ref: InstanceRef): Promise<QuickConnect[]> {
    return this.quickConnectCache.get(ref, () => this.loadQuickConnects(ref));
  }

  private async loadQuickConnects(ref: InstanceRef): Promise<QuickConnect[]> {
    const client = this.sdk.client(ref.region);
    const summaries = [];
    let NextToken: string | undefined;
    do {
      const page = await this.sdk.call('ListQuickConnects', () =>
        client.send(
          new ListQuickConnectsCommand({
            InstanceId: ref.instanceId,
            QuickConnectTypes: ['USER', 'QUEUE', 'PHONE_NUMBER'],
            NextToken,
          }),
        ),
      );
      summaries.push(...(page.QuickConnectSummaryList ?? []));
      NextToken = page.NextToken;
    } while (NextToken);
    return Promise.all(
      summaries.map(async (s) => {
        const { QuickConnect: q } = await this.sdk.call('DescribeQuickConnect', () =>
          client.send(
            new DescribeQuickConnectCommand({ InstanceId: ref.instanceId, QuickConnectId: s.Id }),
          ),
        );
        const queueId = q?.QuickConnectConfig?.QueueConfig?.QueueId;
        let description = q?.Description ?? '';
        if (queueId && !description) {
          const queue = await this.sdk.call('DescribeQueue', () =>
            client.send(new DescribeQueueCommand({ InstanceId: ref.instanceId, QueueId: queueId })),
          );
          description = queue.Queue?.Description ?? '';
        }
        return {
          id: s.Id!,
          endpointId: s.Arn!,
          name: s.Name ?? '',
          type: s.QuickConnectType ?? q?.QuickConnectConfig?.QuickConnectType ?? '',
          ...(q?.QuickConnectConfig?.UserConfig?.UserId
            ? { userId: q.QuickConnectConfig.UserConfig.UserId }
            : {}),
          ...(queueId ? { queueId } : {}),
          ...(q?.QuickConnectConfig?.PhoneConfig?.PhoneNumber
            ? { phoneNumber: q.QuickConnectConfig.PhoneConfig.PhoneNumber }
            : {}),
          description,
        };
      }),
    );
  }

  /**
   * The instance's standard queues, by name (ListQueues, QueueTypes STANDARD, every page), asked
   * afresh: the list Settings → Teams maps teams to.
   */
  async standardQueues(ref: InstanceRef): Promise<{ id: string; name: string }[]> {
    const queues = await this.loadStandardQueues(ref);
    return [...queues].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** The instance's standard queues' names by id (the list kept for 30 s, as queueMetrics'). */
  async queueNames(ref: InstanceRef): Promise<Map<string, string>> {
    const queues = await this.queueListCache.get(ref, () => this.loadStandardQueues(ref));
    return new Map(queues.map((q) => [q.id, q.name]));
  }

  private async loadStandardQueues(ref: InstanceRef): Promise<{ id: string; name: string }[]> {
    const client = this.sdk.client(ref.region);
    const queues: { id: string; name: string }[] = [];
    let NextToken: string | undefined;
    do {
      const page = await this.sdk.call('ListQueues', () =>
        client.send(
          new ListQueuesCommand({
            InstanceId: ref.instanceId,
            QueueTypes: ['STANDARD'],
            NextToken,
            MaxResults: 1000,
          }),
        ),
      );
      for (const q of page.QueueSummaryList ?? [])
        if (q.Id) queues.push({ id: q.Id, name: q.Name ?? '' });
      NextToken = page.NextToken;
    } while (NextToken);
    return queues;
  }

  /**
   * Each standard queue of the instance with its real-time metrics (ListQueues, its list kept for
   * 30 s, then GetCurrentMetricData grouped by queue, voice only, 100 queues per call): calls
   * waiting, the oldest wait in seconds and the agents available, online and on a call. A queue
   * the answer leaves out has zeros.
   */
  async queueMetrics(ref: InstanceRef): Promise<QueueMetrics[]> {
    // The queue list is kept for a while: every live reload of a Queues tab asks for the metrics.
    const queues = await this.queueListCache.get(ref, () => this.loadStandardQueues(ref));
    return readQueueMetrics(this.sdk, ref, queues);
  }

  /** The contact record (initiation, endpoints, agent, recordings). */
  async describeContact(ref: InstanceRef, contactId: string): Promise<Contact> {
    const { Contact } = await this.sdk.call('DescribeContact', () =>
      this.sdk
        .client(ref.region)
        .send(new DescribeContactCommand({ InstanceId: ref.instanceId, ContactId: contactId })),
    );
    if (!Contact) throw new ApiError(404, 'not_found', MESSAGES.notFound('Contact'));
    return Contact;
  }

  /**
   * The contact record of an id the browser gave, or undefined when the contact centre knows no
   * such contact (or refuses the id as malformed): the check that a call the app reports is real.
   */
  async findContact(ref: InstanceRef, contactId: string): Promise<Contact | undefined> {
    try {
      const { Contact } = await this.sdk
        .client(ref.region)
        .send(new DescribeContactCommand({ InstanceId: ref.instanceId, ContactId: contactId }));
      return Contact;
    } catch (error) {
      const name = (error as { name?: string }).name ?? 'Error';
      if (NO_SUCH_CONTACT.has(name)) return undefined;
      return this.sdk.call('DescribeContact', () => Promise.reject(error as Error));
    }
  }

  /** Adds the supervisor to a live contact as a monitoring leg; answers the monitor contact id. */
  async monitorContact(ref: InstanceRef, contactId: string, userId: string): Promise<string> {
    const answer = await this.sdk.call('MonitorContact', () =>
      this.sdk.client(ref.region).send(
        new MonitorContactCommand({
          InstanceId: ref.instanceId,
          ContactId: contactId,
          UserId: userId,
          AllowedMonitorCapabilities: ['SILENT_MONITOR', 'BARGE'],
        }),
      ),
    );
    return answer.ContactId ?? '';
  }

  /**
   * Sets attributes on a call (UpdateContactAttributes on its initial contact): they show in the
   * contact centre's contact records. Setting the same values again changes nothing.
   */
  async updateContactAttributes(
    ref: InstanceRef,
    initialContactId: string,
    attributes: Record<string, string>,
  ): Promise<void> {
    await this.sdk.call('UpdateContactAttributes', () =>
      this.sdk.client(ref.region).send(
        new UpdateContactAttributesCommand({
          InstanceId: ref.instanceId,
          InitialContactId: initialContactId,
          Attributes: attributes,
        }),
      ),
    );
  }

  /** The transcript of a contact, in order (Contact Lens real-time segments, every page). */
  transcript(ref: InstanceRef, contactId: string): Promise<TranscriptLine[]> {
    return readTranscript(this.sdk, ref, contactId);
  }

  /** Opens the recording stored at a `Recordings[].Location` (see {@link openRecording}). */
  openRecording(
    ref: InstanceRef,
    location: string,
  ): Promise<{ body: Readable; size: number | undefined }> {
    return openRecording(this.sdk, ref, location);
  }

  /**
   * A one-time sign-in link of an agent on the emulator (`POST /control/sign-in-links`), at its
   * browser-facing URL: it signs the browser in even from the app's site (another site than the
   * emulator's). Undefined without the emulator's control token, or when it refuses (the plain
   * login page then asks the agent to press Sign in).
   */
  async emulatorSignInLink(username: string): Promise<string | undefined> {
    const token = this.config.emulatorControlToken;
    if (!this.config.endpoint || !token) return undefined;
    try {
      const res = await fetch(`${this.config.endpoint}/control/sign-in-links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-connect-emulator-token': token },
        body: JSON.stringify({ username }),
        signal: AbortSignal.timeout(SIGN_IN_LINK_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const { url } = (await res.json()) as { url: string };
      const minted = new URL(url);
      return `${this.config.publicUrl ?? minted.origin}${minted.pathname}${minted.search}`;
    } catch (error) {
      this.log.warn({ message: (error as Error).message }, 'emulator sign-in link not minted');
      return undefined;
    }
  }

  /** The id of the instance's Offline agent status (ListAgentStatuses of type OFFLINE), kept. */
  private offlineStatusId(ref: InstanceRef): Promise<string | undefined> {
    const key = `${ref.region}/${ref.instanceId}`;
    let id = this.offlineStatusIds.get(key);
    if (!id) {
      id = this.sdk
        .call('ListAgentStatuses', () =>
          this.sdk.client(ref.region).send(
            new ListAgentStatusesCommand({
              InstanceId: ref.instanceId,
              AgentStatusTypes: ['OFFLINE'],
            }),
          ),
        )
        .then((page) => page.AgentStatusSummaryList?.find((s) => s.Type === 'OFFLINE')?.Id);
      this.offlineStatusIds.set(key, id);
      id.catch(() => this.offlineStatusIds.delete(key));
    }
    return id;
  }

  /**
   * Sets an agent Offline (PutUserStatus with the instance's Offline status), unless the agent is
   * on a contact (ringing, on a call or in after call work: their status is left alone) or is
   * already Offline (the service reports no live data for them), or `stillGone` answers false
   * once the agent's data is read (a page of theirs came back meanwhile). Answers what it found.
   */
  async setOfflineUnlessBusy(
    ref: InstanceRef,
    userId: string,
    stillGone: () => boolean = () => true,
  ): Promise<'set-offline' | 'on-contact' | 'offline' | 'still-open'> {
    const data = (await this.currentUserData(ref, [userId])).get(userId);
    if (!data || data.Status?.StatusName === 'Offline') return 'offline';
    if ((data.Contacts ?? []).length > 0) return 'on-contact';
    const statusId = await this.offlineStatusId(ref);
    if (!statusId) return 'offline';
    if (!stillGone()) return 'still-open';
    await this.sdk.call('PutUserStatus', () =>
      this.sdk.client(ref.region).send(
        new PutUserStatusCommand({
          InstanceId: ref.instanceId,
          UserId: userId,
          AgentStatusId: statusId,
        }),
      ),
    );
    this.forgetLiveData();
    return 'set-offline';
  }

  /** Closes the SDK clients. */
  close(): void {
    this.sdk.close();
  }
}
