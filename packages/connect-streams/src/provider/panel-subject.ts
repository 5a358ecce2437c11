import { CONTACT_NAMESPACE, VOICE_NAMESPACE } from '../constants';
import { ConnectError } from './connect-error';
import { ProviderSubject } from './provider-subject';

/**
 * What {@link startPanelProviderSubject} needs of a CCP-side panel session (the `PanelSession` of
 * `@x/connect-streams/panel` fits).
 * @public
 */
export interface PanelSessionLike {
  /** Calls `handler` for every `event` from the worker. */
  on(event: string, handler: (data: unknown) => void): () => void;
  /** Calls a service operation through the worker. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

interface WireConnection {
  connectionId: string;
  type: string;
  state: { type: string };
}
interface WireContact {
  contactId: string;
  type?: string;
  state: { type: string };
  queue?: { queueARN: string; name?: string };
  attributes?: Record<string, { name: string; value: string }>;
  connections: WireConnection[];
}

const TOPIC_OF_STATE: Record<string, string> = {
  incoming: 'contact/incoming',
  connecting: 'contact/connecting',
  pending: 'contact/pending',
  connected: 'contact/connected',
  ended: 'contact/acw',
  missed: 'contact/missed',
  error: 'contact/error',
};

/**
 * The subject side of the message-port protocol for a panel page: offers a port to the embedding
 * page and serves the contact and voice namespaces from the panel session — requests
 * (`contact/getAttributes`, `getType`, `getQueue`, `accept`, `clear`; `voice/holdParticipant`,
 * `resumeParticipant`, `createOutboundCall`) become CTI calls or read the latest agent data, and
 * every agent update publishes the contact lifecycle topics (`contact/incoming`, `connecting`,
 * `connected`, `acw`, `missed`, `destroy`, …, with and without the contact id as parameter) and
 * `voice/participantHold` / `voice/participantResume`.
 * @public
 */
export function startPanelProviderSubject(
  session: PanelSessionLike,
  host: { postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void },
  options: { healthCheckInterval?: number } = {},
): ProviderSubject {
  let contacts = new Map<string, WireContact>();
  const find = (contactId: unknown): WireContact => {
    const c = typeof contactId === 'string' ? contacts.get(contactId) : undefined;
    if (!c)
      throw new ConnectError({
        errorKey: 'noResult',
        reason: 'No Result Found',
        namespace: CONTACT_NAMESPACE,
      });
    return c;
  };
  const byParticipant = (participantId: unknown): WireContact => {
    for (const c of contacts.values())
      if (c.connections.some((x) => x.connectionId === participantId)) return c;
    throw new ConnectError({
      errorKey: 'noResult',
      reason: 'No Result Found',
      namespace: VOICE_NAMESPACE,
    });
  };
  const arg = (data: unknown, key: string): unknown =>
    (data as Record<string, unknown> | null)?.[key];

  const subject = new ProviderSubject({
    healthCheckInterval: options.healthCheckInterval ?? 0,
    handlers: {
      [CONTACT_NAMESPACE]: {
        'contact/getAttributes': (d) => {
          const all = find(arg(d, 'contactId')).attributes ?? {};
          const wanted = arg(d, 'attributes');
          if (!Array.isArray(wanted)) return all;
          return Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes(k)));
        },
        'contact/getType': (d) => find(arg(d, 'contactId')).type ?? 'voice',
        'contact/getQueue': (d) => find(arg(d, 'contactId')).queue ?? null,
        'contact/accept': async (d) => {
          await session.call('acceptContact', { contactId: find(arg(d, 'contactId')).contactId });
        },
        'contact/clear': async (d) => {
          await session.call('clearContact', { contactId: find(arg(d, 'contactId')).contactId });
        },
      },
      [VOICE_NAMESPACE]: {
        'voice/holdParticipant': async (d) => {
          const participantId = arg(d, 'participantId');
          const c = byParticipant(participantId);
          await session.call('holdConnection', {
            contactId: c.contactId,
            connectionId: participantId,
          });
        },
        'voice/resumeParticipant': async (d) => {
          const participantId = arg(d, 'participantId');
          const c = byParticipant(participantId);
          await session.call('resumeConnection', {
            contactId: c.contactId,
            connectionId: participantId,
          });
        },
        'voice/createOutboundCall': async (d) => {
          const options = (arg(d, 'options') ?? {}) as {
            queueARN?: string;
            relatedContactId?: string;
          };
          return session.call('createOutboundContact', {
            endpoint: { type: 'phone_number', phoneNumber: arg(d, 'phoneNumber') },
            ...options,
          });
        },
      },
    },
  });

  const publish = (namespace: string, key: string, contactId: string, data: unknown): void => {
    subject.publish({ namespace, key }, data);
    subject.publish({ namespace, key, parameter: contactId }, data);
  };

  session.on('agent::update', (data) => {
    const list =
      (data as { snapshot?: { contacts?: WireContact[] } } | null)?.snapshot?.contacts ?? [];
    const next = new Map(list.map((c) => [c.contactId, c]));
    for (const c of list) {
      const before = contacts.get(c.contactId);
      const topic = TOPIC_OF_STATE[c.state.type];
      if (topic && before?.state.type !== c.state.type)
        publish(CONTACT_NAMESPACE, topic, c.contactId, { contactId: c.contactId });
      for (const conn of c.connections) {
        const was = before?.connections.find((x) => x.connectionId === conn.connectionId)?.state
          .type;
        if (was === conn.state.type || was === undefined) continue;
        const participant = { contactId: c.contactId, participantId: conn.connectionId };
        if (conn.state.type === 'hold')
          publish(VOICE_NAMESPACE, 'voice/participantHold', c.contactId, participant);
        else if (was === 'hold')
          publish(VOICE_NAMESPACE, 'voice/participantResume', c.contactId, participant);
      }
    }
    for (const id of contacts.keys()) {
      if (!next.has(id)) publish(CONTACT_NAMESPACE, 'contact/destroy', id, { contactId: id });
    }
    contacts = next;
  });

  subject.offerPort(host, '*');
  return subject;
}
