// The contact centre through the official AWS SDK clients: the emulator's admin API in
// development and tests, a real Amazon Connect instance in production (only the endpoint,
// region and credentials change).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  ConnectClient,
  DescribeContactCommand,
  DescribeQueueCommand,
  DescribeQuickConnectCommand,
  GetCurrentMetricDataCommand,
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
import {
  ConnectContactLensClient,
  ListRealtimeContactAnalysisSegmentsCommand,
} from '@aws-sdk/client-connect-contact-lens';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { ApiError } from '../lib/errors';
import { MESSAGES } from '../lib/messages';

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

/** A queue with its real-time metrics (GetCurrentMetricData). */
export interface QueueMetrics {
  readonly id: string;
  readonly name: string;
  readonly callsWaiting: number;
  readonly longestWaitSeconds: number;
  readonly agentsAvailable: number;
  /** Agents signed in whose routing profile serves the queue, whatever their status. */
  readonly agentsOnline: number;
  /** Of those, the agents on a voice contact. */
  readonly agentsOnCall: number;
}

/** GetCurrentMetricData takes at most 100 queues per filter. */
const QUEUES_PER_METRICS_CALL = 100;

/** One transcript line (Contact Lens real-time segment). */
export interface TranscriptLine {
  readonly participantRole: string;
  readonly content: string;
  readonly beginOffsetMillis: number;
  readonly endOffsetMillis: number;
  readonly sentiment: string;
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

/**
 * Per-instance lists the contact centre is asked for again only after `ttlMs` (the pending answer
 * is shared; a failed one is forgotten at once, so the next caller asks again).
 */
class InstanceListCache<T> {
  private readonly entries = new Map<string, { at: number; list: Promise<T> }>();
  constructor(private readonly ttlMs: number) {}

  get(ref: InstanceRef, load: () => Promise<T>): Promise<T> {
    const key = `${ref.region}/${ref.instanceId}`;
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.list;
    const list = load();
    this.entries.set(key, { at: Date.now(), list });
    list.catch(() => this.entries.delete(key));
    return list;
  }
}

export class ContactCentre {
  private readonly clients = new Map<string, ConnectClient>();
  private readonly lensClients = new Map<string, ConnectContactLensClient>();
  private readonly quickConnectCache = new InstanceListCache<QuickConnect[]>(INSTANCE_LIST_TTL_MS);
  private readonly queueListCache = new InstanceListCache<{ id: string; name: string }[]>(
    INSTANCE_LIST_TTL_MS,
  );
  private readonly liveCache = new Map<
    string,
    {
      at: number;
      data: Promise<Map<string, UserData>>;
      /** Whether `data` has its answer (a request may then be given it while `next` is read). */
      settled: boolean;
      next?: Promise<Map<string, UserData>> | undefined;
    }
  >();

  /** The id of each instance's Offline agent status (ListAgentStatuses, type OFFLINE). */
  private readonly offlineStatusIds = new Map<string, Promise<string | undefined>>();

  /** Counts {@link ContactCentre.forgetLiveData} calls (reads begun before one are not kept). */
  private liveGeneration = 0;

  constructor(
    private readonly config: Config['connect'],
    private readonly log: Logger,
  ) {}

  /** Whether an endpoint is configured (without one, voice routes answer 503). */
  get configured(): boolean {
    return this.config.endpoint !== undefined;
  }

  /** The browser-facing base URL of the contact centre (the emulator's), when known. */
  get publicUrl(): string | undefined {
    return this.config.publicUrl;
  }

  private clientOptions(region: string) {
    if (!this.config.endpoint)
      throw new ApiError(503, 'contact_centre_unavailable', MESSAGES.contactCentreUnavailable);
    return {
      endpoint: this.config.endpoint,
      region: region || this.config.region,
      credentials: this.config.credentials,
      maxAttempts: 2,
    };
  }

  private client(region: string): ConnectClient {
    let client = this.clients.get(region);
    if (!client) {
      client = new ConnectClient(this.clientOptions(region));
      this.clients.set(region, client);
    }
    return client;
  }

  private lens(region: string): ConnectContactLensClient {
    let client = this.lensClients.get(region);
    if (!client) {
      client = new ConnectContactLensClient(this.clientOptions(region));
      this.lensClients.set(region, client);
    }
    return client;
  }

  /** Runs an SDK call, turning its failures into API errors (404 for a missing resource). */
  private async call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const name = (error as { name?: string }).name ?? 'Error';
      if (name === 'ResourceNotFoundException' || name === 'ContactNotFoundException')
        throw new ApiError(404, 'not_found', `${operation}: ${(error as Error).message}`);
      this.log.warn(
        { operation, error: name, message: (error as Error).message },
        'contact centre call failed',
      );
      throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
    }
  }

  /** Every user of the instance: id and username. */
  async users(ref: InstanceRef): Promise<{ id: string; username: string }[]> {
    const out: { id: string; username: string }[] = [];
    let NextToken: string | undefined;
    do {
      const page = await this.call('ListUsers', () =>
        this.client(ref.region).send(
          new ListUsersCommand({ InstanceId: ref.instanceId, NextToken, MaxResults: 1000 }),
        ),
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
          const page = await this.call('GetCurrentUserData', () =>
            this.client(ref.region).send(
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
   * Live data of the given users, shared between requests: one snapshot per instance and set of
   * users, read again when it is older than `liveDataTtlMs`. Concurrent requests wait for the
   * same calls; once a snapshot exists, requests get it while the next one is read (up to five
   * times the time to live), so that no request waits for the contact centre in steady state.
   * For screens that list agents; a decision about one agent reads {@link currentUserData}.
   */
  sharedUserData(ref: InstanceRef, userIds: readonly string[]): Promise<Map<string, UserData>> {
    const ttl = this.config.liveDataTtlMs;
    if (ttl === 0) return this.currentUserData(ref, userIds);
    const key = `${ref.region}/${ref.instanceId}/${[...userIds].sort().join(',')}`;
    const now = Date.now();
    const entry = this.liveCache.get(key);
    if (entry && now - entry.at < ttl) return entry.data;
    if (entry && now - entry.at < ttl * 5) {
      if (entry.settled) entry.next ??= this.readShared(key, ref, userIds);
      return entry.data;
    }
    for (const [k, v] of this.liveCache) if (now - v.at >= ttl * 5) this.liveCache.delete(k);
    const data = this.readShared(key, ref, userIds);
    this.liveCache.set(key, { at: now, data, settled: false });
    return data;
  }

  /**
   * Forgets the shared live data (every instance's): a contact event says it changed, so the
   * next request reads the contact centre instead of a snapshot from before the change.
   */
  forgetLiveData(): void {
    this.liveGeneration++;
    this.liveCache.clear();
  }

  private readShared(
    key: string,
    ref: InstanceRef,
    userIds: readonly string[],
  ): Promise<Map<string, UserData>> {
    const data = this.currentUserData(ref, userIds);
    const generation = this.liveGeneration;
    data.then(
      () => {
        // A read begun before a change was announced is not kept as the answer after it.
        if (generation === this.liveGeneration)
          this.liveCache.set(key, { at: Date.now(), data, settled: true });
        else if (this.liveCache.get(key)?.data === data) this.liveCache.delete(key);
      },
      () => {
        const entry = this.liveCache.get(key);
        if (entry?.data === data) this.liveCache.delete(key);
        else if (entry) entry.next = undefined;
      },
    );
    return data;
  }

  /**
   * The instance's agent, queue and external-number quick connects (cached for 30 s: they change
   * rarely).
   */
  quickConnects(ref: InstanceRef): Promise<QuickConnect[]> {
    return this.quickConnectCache.get(ref, () => this.loadQuickConnects(ref));
  }

  private async loadQuickConnects(ref: InstanceRef): Promise<QuickConnect[]> {
    const client = this.client(ref.region);
    const summaries = [];
    let NextToken: string | undefined;
    do {
      const page = await this.call('ListQuickConnects', () =>
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
        const { QuickConnect: q } = await this.call('DescribeQuickConnect', () =>
          client.send(
            new DescribeQuickConnectCommand({ InstanceId: ref.instanceId, QuickConnectId: s.Id }),
          ),
        );
        const queueId = q?.QuickConnectConfig?.QueueConfig?.QueueId;
        let description = q?.Description ?? '';
        if (queueId && !description) {
          const queue = await this.call('DescribeQueue', () =>
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
    const client = this.client(ref.region);
    const queues: { id: string; name: string }[] = [];
    let NextToken: string | undefined;
    do {
      const page = await this.call('ListQueues', () =>
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
    const client = this.client(ref.region);
    // The queue list is kept for a while: every live reload of a Queues tab asks for the metrics.
    const queues = await this.queueListCache.get(ref, () => this.loadStandardQueues(ref));
    const values = new Map<string, Map<string, number>>();
    for (let i = 0; i < queues.length; i += QUEUES_PER_METRICS_CALL) {
      const slice = queues.slice(i, i + QUEUES_PER_METRICS_CALL).map((q) => q.id);
      let token: string | undefined;
      do {
        const page = await this.call('GetCurrentMetricData', () =>
          client.send(
            new GetCurrentMetricDataCommand({
              InstanceId: ref.instanceId,
              Filters: { Queues: slice, Channels: ['VOICE'] },
              Groupings: ['QUEUE'],
              CurrentMetrics: [
                { Name: 'CONTACTS_IN_QUEUE', Unit: 'COUNT' },
                { Name: 'OLDEST_CONTACT_AGE', Unit: 'SECONDS' },
                { Name: 'AGENTS_AVAILABLE', Unit: 'COUNT' },
                { Name: 'AGENTS_ONLINE', Unit: 'COUNT' },
                { Name: 'AGENTS_ON_CALL', Unit: 'COUNT' },
              ],
              MaxResults: QUEUES_PER_METRICS_CALL,
              NextToken: token,
            }),
          ),
        );
        for (const result of page.MetricResults ?? []) {
          const id = result.Dimensions?.Queue?.Id;
          if (!id) continue;
          const byName = new Map<string, number>();
          for (const c of result.Collections ?? [])
            if (c.Metric?.Name) byName.set(c.Metric.Name, c.Value ?? 0);
          values.set(id, byName);
        }
        token = page.NextToken;
      } while (token);
    }
    const count = (n: number | undefined) => Math.max(0, Math.round(n ?? 0));
    return queues.map((q) => {
      const v = values.get(q.id);
      return {
        id: q.id,
        name: q.name,
        callsWaiting: count(v?.get('CONTACTS_IN_QUEUE')),
        longestWaitSeconds: count(v?.get('OLDEST_CONTACT_AGE')),
        agentsAvailable: count(v?.get('AGENTS_AVAILABLE')),
        agentsOnline: count(v?.get('AGENTS_ONLINE')),
        agentsOnCall: count(v?.get('AGENTS_ON_CALL')),
      };
    });
  }

  /** The contact record (initiation, endpoints, agent, recordings). */
  async describeContact(ref: InstanceRef, contactId: string): Promise<Contact> {
    const { Contact } = await this.call('DescribeContact', () =>
      this.client(ref.region).send(
        new DescribeContactCommand({ InstanceId: ref.instanceId, ContactId: contactId }),
      ),
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
      const { Contact } = await this.client(ref.region).send(
        new DescribeContactCommand({ InstanceId: ref.instanceId, ContactId: contactId }),
      );
      return Contact;
    } catch (error) {
      const name = (error as { name?: string }).name ?? 'Error';
      if (NO_SUCH_CONTACT.has(name)) return undefined;
      return this.call('DescribeContact', () => Promise.reject(error as Error));
    }
  }

  /** Adds the supervisor to a live contact as a monitoring leg; answers the monitor contact id. */
  async monitorContact(ref: InstanceRef, contactId: string, userId: string): Promise<string> {
    const answer = await this.call('MonitorContact', () =>
      this.client(ref.region).send(
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
    await this.call('UpdateContactAttributes', () =>
      this.client(ref.region).send(
        new UpdateContactAttributesCommand({
          InstanceId: ref.instanceId,
          InitialContactId: initialContactId,
          Attributes: attributes,
        }),
      ),
    );
  }

  /** The transcript of a contact, in order (Contact Lens real-time segments, every page). */
  async transcript(ref: InstanceRef, contactId: string): Promise<TranscriptLine[]> {
    const lines: TranscriptLine[] = [];
    let NextToken: string | undefined;
    do {
      const page = await this.call('ListRealtimeContactAnalysisSegments', () =>
        this.lens(ref.region).send(
          new ListRealtimeContactAnalysisSegmentsCommand({
            InstanceId: ref.instanceId,
            ContactId: contactId,
            MaxResults: 100,
            NextToken,
          }),
        ),
      );
      for (const s of page.Segments ?? []) {
        const t = s.Transcript;
        if (!t) continue;
        lines.push({
          participantRole: t.ParticipantRole ?? '',
          content: t.Content ?? '',
          beginOffsetMillis: t.BeginOffsetMillis ?? 0,
          endOffsetMillis: t.EndOffsetMillis ?? 0,
          sentiment: t.Sentiment ?? '',
        });
      }
      NextToken = page.NextToken;
    } while (NextToken);
    return lines;
  }

  /**
   * Opens the recording stored at a `Recordings[].Location` (`bucket/key`, no scheme) as a
   * stream. The emulator serves its bucket at `GET {endpoint}/recordings/{bucket}/{key}`, the
   * S3 path shape; against a real instance this is an S3 GetObject on the same bucket and key.
   */
  async openRecording(location: string): Promise<{ body: Readable; size: number | undefined }> {
    const base = this.clientOptions('').endpoint;
    const path = location.split('/').map(encodeURIComponent).join('/');
    let res: Response;
    try {
      res = await fetch(`${base}/recordings/${path}`);
    } catch {
      throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
    }
    if (res.status === 404 || !res.body)
      throw new ApiError(404, 'recording_not_ready', MESSAGES.recordingNotReady);
    if (!res.ok) throw new ApiError(502, 'contact_centre_error', MESSAGES.contactCentreUnavailable);
    const size = Number(res.headers.get('content-length'));
    return {
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      size: Number.isFinite(size) && size > 0 ? size : undefined,
    };
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
      id = this.call('ListAgentStatuses', () =>
        this.client(ref.region).send(
          new ListAgentStatusesCommand({
            InstanceId: ref.instanceId,
            AgentStatusTypes: ['OFFLINE'],
          }),
        ),
      ).then((page) => page.AgentStatusSummaryList?.find((s) => s.Type === 'OFFLINE')?.Id);
      this.offlineStatusIds.set(key, id);
      id.catch(() => this.offlineStatusIds.delete(key));
    }
    return id;
  }

  /**
   * Sets an agent Offline (PutUserStatus with the instance's Offline status), unless the agent is
   * on a contact (ringing, on a call or in after call work: their status is left alone) or is
   * already Offline (the service reports no live data for them). Answers what it found.
   */
  async setOfflineUnlessBusy(
    ref: InstanceRef,
    userId: string,
  ): Promise<'set-offline' | 'on-contact' | 'offline'> {
    const data = (await this.currentUserData(ref, [userId])).get(userId);
    if (!data || data.Status?.StatusName === 'Offline') return 'offline';
    if ((data.Contacts ?? []).length > 0) return 'on-contact';
    const statusId = await this.offlineStatusId(ref);
    if (!statusId) return 'offline';
    await this.call('PutUserStatus', () =>
      this.client(ref.region).send(
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
    for (const c of this.clients.values()) c.destroy();
    for (const c of this.lensClients.values()) c.destroy();
  }
}
