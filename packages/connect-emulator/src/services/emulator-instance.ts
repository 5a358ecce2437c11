// The live instance of a running emulator: its domain model (replaced on reset), the services
// wired to it, and the web sockets (agents' and chat participants') that follow it.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ChatSessions } from '../chat/chat-sessions';
import { ChatSocketServer } from '../chat/chat-socket-server';
import { CHAT_TOPIC } from '../constants';
import type { ContactCentre } from '../domain/contact-centre';
import { decideWsFault } from '../faults/ws-faults';
import { AgentSocketServer } from '../ws/socket-server';
import { publishTopics } from '../ws/topic-publisher';
import { MediaBridge } from '../softphone/media-bridge';
import { SoftphoneSignalling } from '../softphone/signalling-server';
import {
  createDomainServices,
  type DomainServices,
  type DomainServicesOptions,
} from './domain-services';

/** The domain model of a running emulator and what follows it. */
export class EmulatorInstance {
  private current: ContactCentre;
  private generation = 1;
  private unfollowChats: () => void;
  /** The admin API, agent-app services, events, recordings and faults over the domain model. */
  readonly services: DomainServices;
  /** The agents' web sockets (their topics follow the domain model). */
  readonly sockets: AgentSocketServer;
  /** The Participant Service's chat sessions. */
  readonly chats: ChatSessions;
  /** The chat participants' web sockets. */
  readonly chatSockets: ChatSocketServer;
  /** The softphone media of every voice call (WebRTC legs, mixed). */
  readonly media: MediaBridge;
  /** The softphone signalling endpoint (connect-rtc-js's JSON-RPC web socket). */
  readonly signalling: SoftphoneSignalling;

  /**
   * @param first - the domain model to start with (saved state already imported)
   * @param fresh - builds a new domain model from the seed (on reset)
   */
  constructor(
    first: ContactCentre,
    private readonly fresh: () => ContactCentre,
    services: Omit<DomainServicesOptions, 'centre'>,
  ) {
    this.current = first;
    this.services = createDomainServices({
      centre: () => this.current,
      ...services,
      // The media bridge is built below; a call's real audio is asked for when it ends.
      liveAudio: (contactId) => this.media.takeRecording(contactId),
    });
    this.follow(first);
    this.sockets = new AgentSocketServer(
      services.sessions,
      (op) => decideWsFault(this.services.faults, op),
      () => this.current,
    );
    publishTopics(first, this.sockets);
    // Chats: the Participant Service's sessions, their socket, and the agents' chat topic.
    this.chats = new ChatSessions(() => services.clock.now());
    this.unfollowChats = this.chats.follow(first);
    this.chatSockets = new ChatSocketServer(
      () => this.current.chatSecret,
      () => this.chats,
    );
    this.chats.deliverTo(this.chatSockets);
    this.chats.deliverTo({
      toParticipants: () => undefined,
      toAgents: (agentIds, item) => this.sockets.publish(CHAT_TOPIC, agentIds, item),
    });
    this.media = new MediaBridge(() => this.current);
    this.signalling = new SoftphoneSignalling({ centre: () => this.current, bridge: this.media });
  }

  /** The live domain model (replaced on reset). */
  get centre(): ContactCentre {
    return this.current;
  }

  /** Counts the domain models so far: 1 at start, one more per reset. */
  get epoch(): number {
    return this.generation;
  }

  /** Replaces the domain model by a fresh one from the seed (sessions stay). */
  reset(): void {
    const old = this.current;
    this.current = this.fresh();
    this.follow(this.current);
    this.services.agentEvents.reset();
    publishTopics(this.current, this.sockets);
    this.unfollowChats();
    this.unfollowChats = this.chats.follow(this.current);
    this.generation++;
    old.dispose();
  }

  /** Hands a web-socket upgrade to the chat, softphone signalling or agents' socket server. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (ChatSocketServer.handles(req)) this.chatSockets.handleUpgrade(req, socket, head);
    else if (SoftphoneSignalling.handles(req)) this.signalling.handleUpgrade(req, socket, head);
    else this.sockets.handleUpgrade(req, socket, head);
  }

  /** Hangs up every call's media and closes the signalling sockets (the emulator stops). */
  closeMedia(): void {
    this.signalling.close();
    this.media.close();
  }

  /** Feeds the domain model's contact and agent changes to the services. */
  private follow(centre: ContactCentre): void {
    centre.onContactChange(this.services.contactChanged);
    centre.onAgentChange(this.services.agentChanged);
  }
}
