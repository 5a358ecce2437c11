// Voice add-on rules: the planVoice flag and the
// instance status gate every route but the configuration; live calls and monitoring need the
// live-calls permit (gates: voice-gates.ts); a call is recorded against its contact and
// conversation; history pages by last id; transcripts and recordings come from the contact
// centre. Transfer targets, agent status, live calls and queues are directory.ts.
import type { Readable } from 'node:stream';
import type { Contact } from '@aws-sdk/client-connect';
import type {
  CallHistoryItem,
  CallStart,
  ConnectionRecord,
  ConversationContact,
  HistoryBody,
  HistoryCommunicationType,
  VoiceConfig,
} from '../../contract/voice';
import { HISTORY_CSV_MAX_ROWS, HISTORY_PAGE_SIZE } from '../../contract/voice';
import type { AfterCallWork } from '../../contract/voice';
import type { Connection } from '../../db/schema';
import { linkAgents } from '../../integrations/agent-links';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, invalidField, notFound } from '../../lib/errors';
import { voiceRecordingPath } from '../../lib/links';
import { MESSAGES } from '../../lib/messages';
import { requirePermit } from '../../lib/router';
import type { LiveEvent } from '../live/bus';
import { holds } from '../session/service';
import { CallRecords, PHONE_NUMBER } from './call-records';
import { AfterCallRepository } from './after-call-repository';
import { CallHistoryRepository } from './history-repository';
import { VoiceRepository } from './repository';
import { salesforceOf } from '../../integrations/salesforce/sync';
import { AFTER_CALL_WORK_ATTRIBUTES, historyCsv } from './history-csv';
import { transcriptCsv } from './transcript-csv';
import { connectionRecord, iso, LIVE_STATES, talkedAndOver } from './call-state';
import { canSeeCall, confirmedCall, ownCall, requireVoice, voiceUser } from './voice-gates';

export class VoiceService {
  private readonly repo: VoiceRepository;
  private readonly historyRepo: CallHistoryRepository;
  private readonly afterCall: AfterCallRepository;
  private readonly records: CallRecords;

  /** The agent-linking run in progress, if any (one at a time). */
  private linking: Promise<void> | undefined;

  constructor(private readonly services: Services) {
    this.repo = new VoiceRepository(services.db);
    this.historyRepo = new CallHistoryRepository(services.db);
    this.afterCall = new AfterCallRepository(services.db);
    this.records = new CallRecords(this.repo);
  }

  /**
   * Links agents to their contact-centre users in the background when the caller's agent names a
   * username but is not linked yet: the contact centre was unreachable when the server started,
   * or the agent came later. Their app asks for the configuration first, so live data and contact
   * events find them from then on.
   */
  private linkIfPending(access: WorkspaceAccess): void {
    const agent = access.agent;
    if (!agent?.connect_username || agent.connect_user_id || this.linking) return;
    this.linking = linkAgents(this.services)
      .then((linked) => {
        if (linked > 0) this.services.log.info({ linked }, 'agents linked to the contact centre');
      })
      .catch((error: unknown) =>
        this.services.log.warn({ message: (error as Error).message }, 'agent linking failed'),
      )
      .finally(() => {
        this.linking = undefined;
      });
  }

  private publish(events: readonly LiveEvent[]): void {
    const seen = new Set<string>();
    for (const e of events) {
      const key = `${e.type}/${e.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.services.bus.publish(e);
    }
  }

  // ── routes ─────────────────────────────────────────────────────────────────────────────────

  /** The voice configuration: readable by every member, so the app knows whether to start. */
  async config(access: WorkspaceAccess): Promise<VoiceConfig> {
    this.linkIfPending(access);
    const ws = access.workspace;
    const username = access.agent?.connect_username ?? null;
    const cc = this.services.contactCentre;
    const emulator = cc.publicUrl;
    const panelBase = emulator ?? `https://${ws.connect_subdomain}.my.connect.aws`;
    return {
      planVoice: ws.plan_voice,
      isVoiceModuleEnabled: ws.voice_module_enabled,
      connect: {
        instanceStatus: ws.connect_instance_status,
        instanceId: ws.connect_instance_id ?? '',
        subdomain: ws.connect_subdomain,
        region: ws.connect_region,
      },
      ccpUrl: emulator ? `${emulator}/connect/ccp-v2/` : `${panelBase}/ccp-v2/`,
      // An emulator link that signs the agent in at once needs its control token; otherwise the
      // agent signs in at the panel's login page, as at an Amazon Connect instance's.
      loginUrl:
        emulator && cc.mintsSignInLinks && username
          ? await this.emulatorLoginUrl(username)
          : `${panelBase}/login`,
      agentUsername: username,
    };
  }

  /**
   * The emulator's sign-on link of an agent: a one-time link the emulator minted (it signs the
   * browser in from the app's site), else its login page with the agent named (a page from
   * another site then asks the agent to press Sign in).
   */
  private async emulatorLoginUrl(username: string): Promise<string> {
    const cc = this.services.contactCentre;
    return (
      (await cc.emulatorSignInLink(username)) ??
      `${cc.publicUrl}/login?username=${encodeURIComponent(username)}`
    );
  }

  /** `POST /addons/voice/conversation`: the conversation of a call (found or started). */
  async startConversation(access: WorkspaceAccess, call: CallStart) {
    const instance = requireVoice(access);
    if (!PHONE_NUMBER.test(call.contactPhoneNumber))
      throw invalidField('body.call.contactPhoneNumber', MESSAGES.phoneNumberNotValid);
    const contact = await ownCall(this.services, access, instance, call.idCommunication);
    const phone = customerNumber(contact) ?? call.contactPhoneNumber;
    const events: LiveEvent[] = [];
    const row = await this.services.db.transaction().execute(async (trx) => {
      const row = await this.repo.upsertFromApp(trx, {
        workspaceId: access.workspace.id,
        idCommunication: call.idCommunication,
        communicationType: call.communicationType,
        previousIdCommunication: null,
        contactPhoneNumber: phone,
        agentId: access.agent?.id ?? null,
        at: new Date(),
      });
      return this.records.settle(trx, row, { assignTo: access.agent?.id ?? null, events });
    });
    this.publish(events);
    if (!row.id_conversation) throw invalidField('body.call', MESSAGES.contactInfoNotAvailable);
    const conversation = await this.repo.conversationWithContact(
      access.workspace.id,
      row.id_conversation,
    );
    if (!conversation) throw notFound('Conversation');
    return {
      id: conversation.id,
      contact: {
        id: conversation.contact_id,
        name: conversation.name,
        phone: conversation.phone,
        avatar: conversation.avatar_url,
      },
    };
  }

  /** `GET /addons/voice/connections/{id}`. */
  async connection(access: WorkspaceAccess, idCommunication: string): Promise<ConnectionRecord> {
    requireVoice(access);
    const row = await this.repo.findConnection(access.workspace.id, idCommunication);
    if (!row) throw notFound('Connection');
    return connectionRecord(row);
  }

  /** `POST /addons/voice/acceptCall`: the call is answered by the caller's agent. */
  async acceptCall(access: WorkspaceAccess, call: CallStart): Promise<ConnectionRecord> {
    const instance = requireVoice(access);
    const contact = await ownCall(this.services, access, instance, call.idCommunication);
    const phone = customerNumber(contact) ?? call.contactPhoneNumber;
    const valid = PHONE_NUMBER.test(phone);
    const events: LiveEvent[] = [];
    const me = access.agent?.id ?? null;
    const row = await this.services.db.transaction().execute(async (trx) => {
      const now = new Date();
      const row = await this.repo.upsertFromApp(trx, {
        workspaceId: access.workspace.id,
        idCommunication: call.idCommunication,
        communicationType: call.communicationType,
        previousIdCommunication: null,
        // Only a real number names the contact (an anonymous caller is recorded without one).
        contactPhoneNumber: valid ? phone : null,
        agentId: me,
        at: now,
      });
      const answered = await this.repo.updateConnection(trx, row.id, {
        answered: true,
        connected_at: row.connected_at ?? now,
        agent_id: row.agent_id ?? me,
      });
      return this.records.settle(trx, answered, { assignTo: me, events });
    });
    this.publish(events);
    return connectionRecord(row);
  }

  /** `POST /addons/voice/monitorCall`: records the supervisor's monitoring leg of a call. */
  async monitorCall(
    access: WorkspaceAccess,
    body: { idCommunication: string; previousIdCommunication: string },
  ): Promise<ConnectionRecord> {
    const instance = requireVoice(access);
    requirePermit(access, 'flag_addons_voice_live_calls');
    voiceUser(access);
    // The monitored call must be real; the leg joins its conversation.
    await confirmedCall(this.services, instance, body.previousIdCommunication);
    const monitored = await this.repo.findConnection(
      access.workspace.id,
      body.previousIdCommunication,
    );
    if (!monitored) throw notFound('Connection');
    const row = await this.recordMonitor(access, body.idCommunication, monitored);
    return connectionRecord(row);
  }

  /**
   * Records a monitoring leg in the conversation of the call it monitors. Where the contact
   * centre gives the monitoring leg the monitored contact's own id (the emulator does; Amazon
   * Connect gives a new id), there is nothing to record: the call's own record answers.
   */
  private async recordMonitor(
    access: WorkspaceAccess,
    idCommunication: string,
    monitored: Connection,
  ): Promise<Connection> {
    if (idCommunication === monitored.id_communication) return monitored;
    const existing = await this.repo.findConnection(access.workspace.id, idCommunication);
    if (existing && existing.communication_type !== 'monitor')
      throw new ApiError(409, 'not_a_monitoring_leg', MESSAGES.notAMonitoringLeg);
    const events: LiveEvent[] = [];
    const row = await this.services.db.transaction().execute(async (trx) => {
      const row = await this.repo.upsertFromApp(trx, {
        workspaceId: access.workspace.id,
        idCommunication,
        communicationType: 'monitor',
        previousIdCommunication: monitored.id_communication,
        contactPhoneNumber: monitored.contact_phone_number,
        agentId: access.agent?.id ?? null,
        at: new Date(),
      });
      return this.records.settle(trx, row, { assignTo: null, events });
    });
    this.publish(events);
    return row;
  }

  /**
   * `POST /addons/voice/live-call`: MonitorContact on the contact centre, so the supervisor's
   * softphone receives the monitoring contact; the monitoring leg is recorded.
   */
  async joinLiveCall(access: WorkspaceAccess, idCommunication: string): Promise<void> {
    const instance = requireVoice(access);
    requirePermit(access, 'flag_addons_voice_live_calls');
    const userId = access.agent?.connect_user_id;
    if (!userId) throw new ApiError(409, 'no_agent', MESSAGES.noAgentToMonitor);
    await confirmedCall(this.services, instance, idCommunication);
    const cc = this.services.contactCentre;
    const mine = (await cc.currentUserData(instance, [userId])).get(userId);
    if ((mine?.Contacts ?? []).some((c) => LIVE_STATES.has(c.AgentContactState ?? '')))
      throw new ApiError(409, 'already_on_call', MESSAGES.alreadyOnCall);
    const monitorId = await cc.monitorContact(instance, idCommunication, userId);
    const monitored = await this.repo.findConnection(access.workspace.id, idCommunication);
    if (monitorId && monitored && monitorId !== idCommunication)
      await this.recordMonitor(access, monitorId, monitored);
  }

  /** `GET /addons/voice/contacts/{phone}`. */
  async contactByPhone(access: WorkspaceAccess, phone: string): Promise<ConversationContact> {
    requireVoice(access);
    const c = await this.repo.findContactByPhone(access.workspace.id, phone);
    if (!c) throw notFound('Contact');
    return { id: c.id, name: c.name, phone: c.phone, avatar: c.avatar_url };
  }

  /** `PATCH /addons/voice/history?lastId=`: one page, newest first. */
  async history(
    access: WorkspaceAccess,
    lastId: string | undefined,
    body: HistoryBody,
    limit: number = HISTORY_PAGE_SIZE,
  ): Promise<CallHistoryItem[]> {
    requireVoice(access);
    const ws = access.workspace;
    let after;
    if (lastId !== undefined) {
      after = await this.historyRepo.historyKeyset(ws.id, lastId);
      if (!after) throw invalidField('query.lastId', 'Unknown history item');
    }
    const rows = await this.historyRepo.history(
      {
        workspaceId: ws.id,
        searchType: body.searchType,
        searchText: body.searchText.trim().toLowerCase(),
        ...(holds(access, 'flag_inbox_shared') ? {} : { onlyAgentId: access.agent?.id ?? null }),
      },
      after,
      limit,
    );
    return rows.map((r) => {
      const ended = r.ended_at ? new Date(r.ended_at) : null;
      const connected = r.connected_at ? new Date(r.connected_at) : null;
      const media = talkedAndOver(r.answered, ended);
      return {
        id: r.id,
        idCommunication: r.id_communication,
        communicationType: r.communication_type as HistoryCommunicationType,
        answered: r.answered,
        createdAt: iso(r.created_at),
        contact: { id: r.contact_id, name: r.contact_name, phone: r.contact_phone },
        contactPhoneNumber: r.contact_phone_number,
        agent: r.agent_id
          ? { idAgent: r.agent_id, name: r.agent_name ?? '', avatarURL: r.agent_avatar_url }
          : null,
        recordingUrl: media ? voiceRecordingPath(ws.slug, r.id_communication) : null,
        recordingDuration:
          media && connected && ended
            ? Math.max(0, Math.round((ended.getTime() - connected.getTime()) / 1000))
            : null,
        idConversation: r.id_conversation,
        idPart: r.id_part,
        afterCallWork: r.acw_saved_at
          ? { disposition: r.acw_disposition, notes: r.acw_notes ?? '' }
          : null,
      };
    });
  }

  /** `GET /addons/voice/connections/transcript/csv`: the transcript of a call part as CSV. */
  async transcript(
    access: WorkspaceAccess,
    idConversation: string,
    idPart: string,
  ): Promise<string> {
    const instance = requireVoice(access);
    const part = await this.repo.callPart(access.workspace.id, idConversation, idPart);
    if (!part || !canSeeCall(access, part)) throw notFound('Call part');
    if (!talkedAndOver(part.answered, part.ended_at ? new Date(part.ended_at) : null))
      throw new ApiError(404, 'transcript_not_ready', MESSAGES.transcriptNotReady);
    const lines = await this.services.contactCentre.transcript(instance, part.id_communication);
    if (lines.length === 0)
      throw new ApiError(404, 'transcript_not_ready', MESSAGES.transcriptNotReady);
    return transcriptCsv(lines, {
      agent: part.agent_name ?? 'Agent',
      customer: part.contact_name ?? part.contact_phone ?? 'Customer',
    });
  }

  /**
   * `GET /addons/voice/recordings/{idCommunication}`: the recording at the location
   * DescribeContact gives, as a stream (never held whole in memory).
   */
  async recording(
    access: WorkspaceAccess,
    idCommunication: string,
  ): Promise<{ body: Readable; size: number | undefined }> {
    const instance = requireVoice(access);
    const call = await this.repo.connectionWithAssignee(access.workspace.id, idCommunication);
    if (!call || !canSeeCall(access, call)) throw notFound('Recording');
    if (!talkedAndOver(call.answered, call.ended_at ? new Date(call.ended_at) : null))
      throw new ApiError(404, 'recording_not_ready', MESSAGES.recordingNotReady);
    const cc = this.services.contactCentre;
    const contact = await cc.describeContact(instance, idCommunication);
    const location = contact.Recordings?.find(
      (r) => r.Location && r.MediaStreamType !== 'VIDEO',
    )?.Location;
    if (!location) throw new ApiError(404, 'recording_not_ready', MESSAGES.recordingNotReady);
    return cc.openRecording(instance, location);
  }

  // ── after-call work and the history CSV ───────────────────────────────────────────────────

  /** `GET /addons/voice/dispositions`: the disposition codes agents choose from, in order. */
  async dispositions(access: WorkspaceAccess): Promise<string[]> {
    requireVoice(access);
    return this.afterCall.dispositions(access.workspace.id);
  }

  /**
   * `PUT /addons/voice/connections/{idCommunication}/after-call-work`: the disposition (one of
   * the workspace's codes, or none) and notes of the caller's own call, saved on its record and
   * sent to the contact centre as contact attributes of the call. Idempotent.
   */
  async saveAfterCallWork(
    access: WorkspaceAccess,
    idCommunication: string,
    work: AfterCallWork,
  ): Promise<{ disposition: string | null; notes: string; savedAt: string }> {
    const instance = requireVoice(access);
    voiceUser(access);
    const row = await this.repo.findConnection(access.workspace.id, idCommunication);
    if (!row || row.communication_type === 'monitor') throw notFound('Call');
    if (row.agent_id !== access.agent?.id)
      throw new ApiError(403, 'call_not_yours', MESSAGES.callNotYours);
    const notes = work.notes.trim();
    const disposition = work.disposition;
    if (disposition !== null) {
      const codes = await this.afterCall.dispositions(access.workspace.id);
      if (!codes.includes(disposition))
        throw invalidField('body.disposition', MESSAGES.unknownDisposition);
    }
    const saved = await this.afterCall.saveAfterCallWork(
      row.id,
      { disposition, notes },
      new Date(),
    );
    await this.services.contactCentre.updateContactAttributes(
      instance,
      row.initial_id_communication ?? row.id_communication,
      {
        [AFTER_CALL_WORK_ATTRIBUTES.disposition]: disposition ?? '',
        [AFTER_CALL_WORK_ATTRIBUTES.notes]: notes,
      },
    );
    // The disposition is known: log the call in Salesforce (queued, once per call, off this request).
    await salesforceOf(this.services).enqueueCall(saved.workspace_id, saved.id);
    this.publish([
      {
        type: 'call.updated',
        workspaceId: saved.workspace_id,
        id: saved.id_communication,
        conversationId: saved.id_conversation,
      },
    ]);
    return { disposition, notes, savedAt: iso(saved.acw_saved_at ?? new Date()) };
  }

  /**
   * `GET /addons/voice/history/csv`: the calls of the history (the same filters and visibility,
   * newest first, at most HISTORY_CSV_MAX_ROWS) as CSV, with their after-call work.
   */
  async historyCsv(access: WorkspaceAccess, query: HistoryBody): Promise<string> {
    const items = await this.history(access, undefined, query, HISTORY_CSV_MAX_ROWS);
    return historyCsv(items);
  }
}

/** The customer's phone number the contact centre gives a call, when it is a real number. */
function customerNumber(contact: Contact): string | undefined {
  const address = contact.CustomerEndpoint?.Address;
  return address && PHONE_NUMBER.test(address) ? address : undefined;
}
