// The voice add-on's directory: transfer targets (agents, teams mapped to queues, quick
// connects), every agent's live status, the calls under way and the queues' real-time metrics.
import type { AgentContactReference, UserData } from '@aws-sdk/client-connect';
import type {
  HistoryCommunicationType,
  LiveCallItem,
  QueueMetricsItem,
  StatusListItem,
  TransferAgent,
  TransferGroup,
  TransferQuickConnect,
} from '../../contract/voice';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { requirePermit } from '../../lib/router';
import {
  agentContactState,
  firstConnection,
  iso,
  LIVE_STATES,
  OFFLINE_STATUS,
  typeOfInitiation,
} from './call-state';
import { VoiceRepository } from './repository';
import { requireVoice } from './voice-gates';

/** The live lists of the voice add-on. */
export class VoiceDirectory {
  private readonly repo: VoiceRepository;

  constructor(private readonly services: Services) {
    this.repo = new VoiceRepository(services.db);
  }

  /**
   * `GET /addons/voice/transfers`: the agents of the instance's agent quick connects, the groups
   * (the workspace's teams mapped to a queue that has a quick connect) and the queue and
   * external-number quick connects.
   */
  async transfers(access: WorkspaceAccess, includePending: boolean) {
    const instance = requireVoice(access);
    const cc = this.services.contactCentre;
    const [quickConnects, agents, teams] = await Promise.all([
      cc.quickConnects(instance),
      this.repo.agents(access.workspace.id),
      this.repo.mappedTeams(access.workspace.id),
    ]);
    const byUser = new Map(
      agents.filter((a) => a.connect_user_id).map((a) => [a.connect_user_id!, a]),
    );
    const targets = quickConnects
      .filter((q) => q.type === 'USER' && q.userId && byUser.has(q.userId))
      .filter((q) => byUser.get(q.userId!)!.id !== access.agent?.id);
    const live = targets.length
      ? await cc.sharedUserData(
          instance,
          targets.map((q) => q.userId!),
        )
      : new Map<string, UserData>();
    const agentTargets: TransferAgent[] = [];
    for (const q of targets) {
      const a = byUser.get(q.userId!)!;
      const data = live.get(q.userId!);
      if (!data && !includePending) continue;
      agentTargets.push({
        idAgent: a.id,
        name: a.name,
        email: a.email,
        avatarURL: a.avatar_url,
        status: { name: data?.Status?.StatusName ?? OFFLINE_STATUS },
        connections: firstConnection(data),
        endpointId: q.endpointId,
      });
    }
    // A team of Settings → Teams mapped to a queue transfers to that queue's quick connect; an
    // unmapped team, or one whose queue has no quick connect, is not offered.
    const groups: TransferGroup[] = [];
    for (const team of teams) {
      const q = quickConnects.find(
        (x) => x.type === 'QUEUE' && x.queueId === team.connect_queue_id,
      );
      if (q)
        groups.push({
          id: team.id,
          name: team.name,
          description: q.name,
          endpointId: q.endpointId,
        });
    }
    const quickConnectTargets: TransferQuickConnect[] = quickConnects
      .filter((q) => q.type === 'QUEUE' || q.type === 'PHONE_NUMBER')
      .map((q) => ({
        id: q.id,
        name: q.name,
        description: q.description,
        endpointId: q.endpointId,
        type: q.type === 'QUEUE' ? 'queue' : 'phoneNumber',
        phoneNumber: q.phoneNumber ?? null,
      }));
    return { agents: agentTargets, groups, quickConnects: quickConnectTargets };
  }

  /** `GET /addons/voice/agents/status`: every workspace agent with its live status and team. */
  async agentsStatus(access: WorkspaceAccess): Promise<StatusListItem[]> {
    const instance = requireVoice(access);
    const agents = await this.repo.agents(access.workspace.id);
    const linked = agents.flatMap((a) => (a.connect_user_id ? [a.connect_user_id] : []));
    const live = linked.length
      ? await this.services.contactCentre.sharedUserData(instance, linked)
      : new Map<string, UserData>();
    return agents.map((a) => {
      const data = a.connect_user_id ? live.get(a.connect_user_id) : undefined;
      return {
        agent: { idAgent: a.id, name: a.name, email: a.email, avatarURL: a.avatar_url },
        status: { name: data?.Status?.StatusName ?? OFFLINE_STATUS },
        team: a.team,
        connections: firstConnection(data),
      };
    });
  }

  /** `GET /addons/voice/live-calls`: the calls the workspace's agents are on or being offered. */
  async liveCalls(access: WorkspaceAccess): Promise<LiveCallItem[]> {
    const instance = requireVoice(access);
    requirePermit(access, 'flag_addons_voice_live_calls');
    const agents = (await this.repo.agents(access.workspace.id)).filter((a) => a.connect_user_id);
    if (agents.length === 0) return [];
    const live = await this.services.contactCentre.sharedUserData(
      instance,
      agents.map((a) => a.connect_user_id!),
    );
    const calls: { agent: (typeof agents)[number]; contact: AgentContactReference }[] = [];
    for (const agent of agents)
      for (const contact of live.get(agent.connect_user_id!)?.Contacts ?? [])
        if (
          contact.Channel === 'VOICE' &&
          contact.ContactId &&
          contact.InitiationMethod !== 'MONITOR' &&
          LIVE_STATES.has(contact.AgentContactState ?? '')
        )
          calls.push({ agent, contact });
    const records = new Map(
      (
        await this.repo.findConnectionsByCommunication(
          access.workspace.id,
          calls.map((c) => c.contact.ContactId!),
        )
      ).map((r) => [r.id_communication, r]),
    );
    const seen = new Set<string>();
    const list: LiveCallItem[] = [];
    for (const { agent, contact } of calls) {
      const id = contact.ContactId!;
      const record = records.get(id);
      if (seen.has(id) || record?.communication_type === 'monitor') continue;
      seen.add(id);
      const type = (record?.communication_type ??
        typeOfInitiation(contact.InitiationMethod)) as HistoryCommunicationType;
      list.push({
        connection: {
          type: type === 'inbound' || type === 'outbound' ? type : 'transfer',
          timestamp: iso(contact.StateStartTimestamp ?? new Date()),
          agentContactState: agentContactState(contact.AgentContactState)!,
          idCommunication: id,
        },
        contact: { name: record?.contact_name ?? record?.contact_phone_number ?? '' },
        agent: { name: agent.name, email: agent.email, avatarURL: agent.avatar_url },
      });
    }
    return list.sort((a, b) => a.connection.timestamp.localeCompare(b.connection.timestamp));
  }

  /**
   * `GET /addons/voice/queues`: each queue's calls waiting, longest wait and agents available,
   * from the contact centre's real-time metrics (GetCurrentMetricData).
   */
  async queues(access: WorkspaceAccess): Promise<QueueMetricsItem[]> {
    const instance = requireVoice(access);
    requirePermit(access, 'flag_addons_voice_live_calls');
    const metrics = await this.services.contactCentre.queueMetrics(instance);
    return metrics.map((q) => ({
      queue: { id: q.id, name: q.name },
      callsWaiting: q.callsWaiting,
      longestWaitSeconds: q.longestWaitSeconds,
      agentsAvailable: q.agentsAvailable,
      agentsOnline: q.agentsOnline,
      agentsOnCall: q.agentsOnCall,
    }));
  }
}
