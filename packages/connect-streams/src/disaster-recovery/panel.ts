import { MASTER_TOPICS } from '../master/master-client';
import { DR_EVENTS as DR } from './events';
import {
  DisasterRecoveryDuties,
  disasterRecoveryParamsSchema,
  type DisasterRecoveryAgentApi,
  type DisasterRecoveryContact,
} from './disaster-recovery';

/**
 * What the panel-side duties need from a panel page's session (`@x/connect-streams/panel`
 * `PanelSession`).
 * @public
 */
export interface DisasterRecoveryPanelSession {
  /** Calls `handler` for every `event` from the worker. */
  on(event: string, handler: (data: unknown) => void): () => void;
  /** Calls a service operation through the worker. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** Sends `event` to the worker. */
  sendUpstream(event: string, data?: unknown): void;
  /** Sends `event` to the host page. */
  sendDownstream(event: string, data?: unknown): void;
}

/**
 * The window of a panel page: messages from the embedding page arrive on it.
 * @public
 */
export interface DisasterRecoveryPanelWindow {
  /** The host window. */
  readonly parent: unknown;
  /** Listens for messages. */
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Stops listening for messages. */
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

interface WireContact {
  readonly contactId?: unknown;
  readonly type?: unknown;
  readonly connections?: readonly { connectionId?: unknown; type?: unknown }[];
}

const record = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};

let masterRequests = 0;

/**
 * Runs the disaster-recovery duties in a panel page (the CCP side, as the original CCP does):
 * when the embedding page sends `disasterRecovery::init_disaster_recovery {region, isPrimary, …}`,
 * the duties start over the agent data from the worker, its CTI calls and its master topics;
 * `disasterRecovery::set_offline` from the embedding page forces the agent offline (master tab
 * only). Returns a stop function.
 * @public
 */
export function startPanelDisasterRecovery(
  session: DisasterRecoveryPanelSession,
  win: DisasterRecoveryPanelWindow,
): () => void {
  let agentData: Record<string, unknown> | undefined;
  let resolveAgent: () => void = () => undefined;
  const agentKnown = new Promise<void>((resolve) => (resolveAgent = resolve));
  const destroyedHandlers = new Set<(contactId: string) => void>();
  const hostHandlers = new Map<string, Set<(data: unknown) => void>>();
  let duties: DisasterRecoveryDuties | undefined;

  const contactsOf = (data: Record<string, unknown> | undefined): WireContact[] => {
    const contacts = record(data?.['snapshot'])['contacts'];
    return Array.isArray(contacts) ? (contacts as WireContact[]) : [];
  };
  const offAgent = session.on('agent::update', (data) => {
    const before = new Set(contactsOf(agentData).map((c) => String(c.contactId)));
    agentData = record(data);
    for (const c of contactsOf(agentData)) before.delete(String(c.contactId));
    resolveAgent();
    for (const id of before) for (const h of [...destroyedHandlers]) h(id);
  });

  const api: DisasterRecoveryAgentApi = {
    whenAgent: () => agentKnown,
    contacts: () =>
      contactsOf(agentData).map((c): DisasterRecoveryContact => {
        const contactId = String(c.contactId);
        const connectionId = c.connections?.find((x) => x.type === 'agent')?.connectionId;
        return {
          contactId,
          type: typeof c.type === 'string' ? c.type : '',
          destroyAgentConnection: () =>
            typeof connectionId === 'string'
              ? session.call('destroyConnection', { contactId, connectionId })
              : Promise.resolve(undefined),
        };
      }),
    setOffline: () => {
      const states = record(agentData?.['configuration'])['agentStates'];
      const offline = Array.isArray(states)
        ? (states as { type?: unknown }[]).find((s) => s.type === 'offline')
        : undefined;
      return offline
        ? session.call('putAgentState', { state: offline, enqueueNextState: false })
        : Promise.resolve(undefined);
    },
    onContactDestroyed: (handler) => {
      destroyedHandlers.add(handler);
      return () => void destroyedHandlers.delete(handler);
    },
    sendUpstream: (event, data) => session.sendUpstream(event, data),
    onUpstream: (event, handler) => {
      // From the worker, and from the embedding page (set_offline comes from there).
      const offWorker = session.on(event, handler);
      const set = hostHandlers.get(event) ?? new Set();
      set.add(handler);
      hostHandlers.set(event, set);
      return () => {
        offWorker();
        set.delete(handler);
      };
    },
    sendDownstream: (event, data) => session.sendDownstream(event, data),
    isFailoverMaster: () =>
      new Promise<boolean>((resolve) => {
        masterRequests += 1;
        const requestId = `dr-master-${Date.now()}-${masterRequests}`;
        const off = session.on('master_response', (data) => {
          const response = record(data);
          if (response['requestId'] !== requestId) return;
          off();
          resolve(record(response['data'])['isMaster'] === true);
        });
        session.sendUpstream('master_request', {
          event: 'master_request',
          requestId,
          method: 'checkMaster',
          params: { topic: MASTER_TOPICS.failover },
        });
      }),
  };

  const onMessage = (event: MessageEvent): void => {
    if (event.source !== win.parent || win.parent === win) return;
    const message = record(event.data);
    const name = message['event'];
    if (typeof name !== 'string') return;
    if (name === DR.INIT_DISASTER_RECOVERY) {
      const params = disasterRecoveryParamsSchema.safeParse(message['data']);
      if (duties || !params.success) return;
      duties = new DisasterRecoveryDuties(api);
      duties.init(params.data);
      return;
    }
    for (const h of [...(hostHandlers.get(name) ?? [])]) h(message['data']);
  };
  win.addEventListener('message', onMessage);

  return () => {
    win.removeEventListener('message', onMessage);
    offAgent();
    duties?.dispose();
    destroyedHandlers.clear();
    hostHandlers.clear();
  };
}
