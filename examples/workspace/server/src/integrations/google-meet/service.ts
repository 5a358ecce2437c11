// Google Meet from a conversation: a member who may write a note in the conversation creates a
// meeting (a Calendar event with a Meet conference, as the workspace's service account acting for
// the delegated user) and, when the integration adds links to conversations, the link is posted
// as a note through the inbox's note writing (live events, mentions). Every run is recorded on
// the integration (last success / last error in words an admin can act on).
import { createHash } from 'node:crypto';
import type { GoogleMeetConfig } from '../../contract/settings';
import type { MeetCreate, MeetCreated, MeetTest } from '../../contract/meet';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict } from '../../lib/errors';
import { requirePermit } from '../../lib/router';
import { InboxMessages } from '../../modules/inbox/message-service';
import { InboxService } from '../../modules/inbox/service';
import { IntegrationRepository } from '../../modules/settings/integration-repository';
import { SecretBox } from '../../modules/settings/secret-box';
import { GoogleMeetClient, GoogleMeetError, type ServiceAccount } from './client';
import { MEET_MESSAGES as M } from './messages';

/** Whether agents may create Meet links in the workspace: Google Meet is on and set up (the session's flag). */
export async function meetLinksOn(services: Services, workspaceId: string): Promise<boolean> {
  const row = await new IntegrationRepository(services.db).findIntegration(
    workspaceId,
    'googleMeet',
  );
  const config = row?.config as Partial<GoogleMeetConfig> | undefined;
  return Boolean(row?.enabled && config?.serviceAccountEmail && row.secrets['privateKey']);
}

/** One client per process, so access tokens are cached across requests. */
const clients = new WeakMap<Services, GoogleMeetClient>();

export class GoogleMeetService {
  private readonly repo: IntegrationRepository;
  private readonly secrets: SecretBox;
  private readonly inbox: InboxService;
  private readonly messages: InboxMessages;
  private readonly client: GoogleMeetClient;
  /** Creates in flight per requestId: a second click while the first runs gets the first's answer. */
  private static readonly inFlight = new Map<string, Promise<MeetCreated>>();

  constructor(private readonly services: Services) {
    this.repo = new IntegrationRepository(services.db);
    this.secrets = SecretBox.fromConfig(services.config);
    this.inbox = new InboxService(services);
    this.messages = new InboxMessages(services);
    let client = clients.get(services);
    if (!client) {
      client = new GoogleMeetClient(services.config.google);
      clients.set(services, client);
    }
    this.client = client;
  }

  /** The workspace's integration: on, set up, and its key opened; 409 otherwise. */
  private async account(
    workspaceId: string,
    requireOn = true,
  ): Promise<{ config: GoogleMeetConfig; account: ServiceAccount }> {
    const row = await this.repo.findIntegration(workspaceId, 'googleMeet');
    if (!row) throw conflict('integration_not_configured', M.notConfigured);
    if (requireOn && !row.enabled) throw conflict('integration_off', M.off);
    const config = row.config as Partial<GoogleMeetConfig>;
    const sealed = row.secrets['privateKey'];
    if (!config.serviceAccountEmail || !config.delegatedUser || !sealed)
      throw conflict('integration_not_configured', M.notConfigured);
    let privateKey: string;
    try {
      // The context the settings sealed it with: workspace, integration, field.
      privateKey = this.secrets.open(sealed, `${workspaceId}/googleMeet/privateKey`);
    } catch {
      await this.repo.recordIntegrationRun(workspaceId, 'googleMeet', {
        ok: false,
        error: M.keyUnreadable,
      });
      throw conflict('integration_failed', M.keyUnreadable);
    }
    return {
      config: config as GoogleMeetConfig,
      account: {
        serviceAccountEmail: config.serviceAccountEmail,
        delegatedUser: config.delegatedUser,
        privateKey,
      },
    };
  }

  /** Records a failure from Google and answers 409 with its words. */
  private async failed(workspaceId: string, error: unknown): Promise<never> {
    if (!(error instanceof GoogleMeetError)) throw error;
    await this.repo.recordIntegrationRun(workspaceId, 'googleMeet', {
      ok: false,
      error: error.message,
    });
    throw new ApiError(409, 'integration_failed', error.message);
  }

  async create(access: WorkspaceAccess, conversationId: string, input: MeetCreate) {
    const ws = access.workspace.id;
    // Seeing the conversation is what writing a note in it takes (404 otherwise, also cross-workspace).
    const conversation = await this.inbox.get(access, conversationId);
    const requestId = createHash('sha256')
      .update(`${ws}\n${conversationId}\n${input.idempotencyKey}`)
      .digest('hex')
      .slice(0, 40);
    const running = GoogleMeetService.inFlight.get(requestId);
    if (running) return running;
    const run = (async (): Promise<MeetCreated> => {
      const { config, account } = await this.account(ws);
      let meeting;
      try {
        meeting = await this.client.createMeeting(account, {
          summary: M.summary(conversation.contact.displayName),
          start: new Date(),
          minutes: config.defaultDurationMinutes,
          requestId,
        });
      } catch (error) {
        return this.failed(ws, error);
      }
      await this.repo.recordIntegrationRun(ws, 'googleMeet', { ok: true });
      if (!config.addLinkToConversations) return { meeting, note: null };
      // A retry with the same key gets the same meeting from Google: its note is not posted twice.
      const body = M.note(meeting.url);
      const page = await this.messages.list(access, conversationId, undefined, 50);
      const posted = page.messages.find((m) => m.kind === 'note' && m.body === body);
      const note =
        posted ?? (await this.messages.post(access, conversationId, { kind: 'note', body }));
      return { meeting, note };
    })();
    GoogleMeetService.inFlight.set(requestId, run);
    try {
      return await run;
    } finally {
      GoogleMeetService.inFlight.delete(requestId);
    }
  }

  /** Settings' connection test (admin): exchanges a token for the delegated user. */
  async test(access: WorkspaceAccess): Promise<MeetTest> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    // The test works on a switched-off integration too: an admin checks before turning it on.
    const { account } = await this.account(ws, false);
    try {
      await this.client.accessToken(account);
    } catch (error) {
      if (!(error instanceof GoogleMeetError)) throw error;
      await this.repo.recordIntegrationRun(ws, 'googleMeet', { ok: false, error: error.message });
      return { ok: false, message: error.message };
    }
    return { ok: true, message: M.tested(account.delegatedUser) };
  }
}
