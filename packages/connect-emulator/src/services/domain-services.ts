// The emulator's services wired to its domain model: the admin API and agent-app backends over
// the live ContactCentre, the contact ledger fed by its contact changes, and the agent events fed
// by its agent changes.
import type { SessionStore } from '../auth/sessions';
import type { Clock } from '../domain/clock';
import type { AgentRecord, ContactCentre, ContactRecord } from '../domain/contact-centre';
import type { Seed } from '../domain/seed';
import { agentEventView } from './agent-event-view';
import { ContactLedger } from './contact-ledger';
import type { LiveRecording } from '../softphone/call-capture';
import { ContactViewFeed } from './contact-view-feed';
import { createServices, type Services, type ServicesOptions } from './create-services';
import { domainAdminBackend } from './domain-admin';
import { domainAgentAppBackend } from './domain-agent-app';

/** Lines simulated customers say, picked per contact. */
const CUSTOMER_SCRIPTS: readonly (readonly string[])[] = [
  [
    'Hi I am calling about my last bill',
    'There is a charge I do not recognise',
    'Yes that is my account',
    'Thank you very much goodbye',
  ],
  [
    'Hello I would like to change my address',
    'I moved to a new flat last month',
    'Thanks that is all',
  ],
  [
    'Good morning my order has not arrived',
    'The order number is one two three four',
    'Great thank you',
  ],
];

/** Options of {@link createDomainServices}. */
export interface DomainServicesOptions extends Omit<
  ServicesOptions,
  'instance' | 'admin' | 'agentApp' | 'voiceIdContact' | 'now'
> {
  centre: () => ContactCentre;
  sessions: SessionStore;
  clock: Clock;
  seed: Seed;
  /** Reads the session id from the request's cookie header. */
  sessionIdFromCookie: (cookieHeader: string | undefined) => string | undefined;
  /** A call's real audio when it ends (the media bridge's), for its recording. */
  liveAudio?: (contactId: string) => LiveRecording | undefined;
}

/** The services wired to the live domain model, with the ledger that follows its contacts. */
export interface DomainServices extends Services {
  ledger: ContactLedger;
  /** Feeds one contact change (or removal) of the domain to the ledger. */
  contactChanged: (contact: ContactRecord, removed: boolean) => void;
  /** Feeds one change of an agent to the agent events (a STATE_CHANGE when its status or contacts changed). */
  agentChanged: (agent: AgentRecord) => void;
}

/**
 * Builds the admin API, agent-app services, contact events, recordings and faults over the
 * emulator's domain model (`ContactCentre`), following its contacts through a ledger.
 */
export function createDomainServices(options: DomainServicesOptions): DomainServices {
  const { centre, clock, seed, sessions } = options;
  const startedAt = clock.now();
  const instanceId = () => centre().instanceId;
  const ref: { ledger?: ContactLedger } = {};
  const script = (contactId: string) => {
    let h = 0;
    for (const ch of contactId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return CUSTOMER_SCRIPTS[h % CUSTOMER_SCRIPTS.length]!;
  };
  const feed = new ContactViewFeed(() => ref.ledger!);

  const admin = domainAdminBackend({
    centre,
    seed,
    clock,
    startedAt,
    feed,
    ledger: () => ref.ledger,
    media: () => services.media,
  });
  const agentApp = domainAgentAppBackend({
    centre,
    seed,
    sessions,
    sessionIdFromCookie: options.sessionIdFromCookie,
    voiceIdSessionContact: (id) => services.voiceId.sessionContactId(id),
  });

  const services = createServices({
    ...options,
    instance: {
      instanceId: instanceId(),
      region: seed.instance.region,
      accountId: seed.instance.accountId,
      alias: seed.instance.alias,
    },
    admin,
    agentApp,
    voiceIdContact: (id) => ref.ledger!.voiceIdView(id),
    now: () => clock.now(),
  });
  const ledger = new ContactLedger({
    now: () => clock.now(),
    events: services.events,
    media: services.media,
    script,
    prompt: (contactId) => centre().contacts.get(contactId)?.prompt,
    ...(options.liveAudio ? { liveAudio: options.liveAudio } : {}),
  });
  ref.ledger = ledger;

  const contactChanged = (contact: ContactRecord, removed: boolean): void =>
    feed.contactChanged(contact, removed);
  const agentChanged = (agent: AgentRecord): void =>
    void services.agentEvents.observe(agentEventView(centre(), agent, admin.agentLive(agent.id)));

  return { ...services, ledger, contactChanged, agentChanged };
}
