import { DEFAULT_REGION } from '../constants';

/**
 * A chat or task session as created by the chat library (amazon-connect-chatjs shape).
 * @public
 */
export interface ConnectableSession {
  /** Connects the session. */
  connect(): Promise<unknown>;
  /** Calls `handler` when the session's connection breaks. */
  onConnectionBroken?(handler: (data: unknown) => void): void;
  /** Calls `handler` once the session is established. */
  onConnectionEstablished?(handler: (data: unknown) => void): void;
}

/**
 * The chat library's session factory (`connect.ChatSession` / `connect.TaskSession` shape).
 * @public
 */
export interface SessionFactory<TArgs> {
  /** Creates a session. */
  create(args: TArgs): ConnectableSession;
  /** Sets the library's logger and region. */
  setGlobalConfig?(config: { loggerConfig?: { logger: unknown }; region?: string }): void;
}

/**
 * Arguments of a chat session: chat details, type AGENT and the web-socket manager.
 * @public
 */
export interface ChatSessionArgs {
  /** The chat's details (at least its contact id). */
  chatDetails: { contactId: string; [key: string]: unknown };
  /** Always `AGENT`. */
  type: 'AGENT';
  /** The web-socket manager the session uses. */
  websocketManager: unknown;
}

/**
 * Arguments of a task session: contactId, initialContactId and the web-socket manager.
 * @public
 */
export interface TaskSessionArgs {
  /** The task contact's id. */
  contactId: string;
  /** The initial contact's id. */
  initialContactId: string | undefined;
  /** The web-socket manager the session uses. */
  websocketManager: unknown;
}

/**
 * What a session set-up hook uses to report: a logger and a metric publisher.
 * @public
 */
export interface SessionReporting {
  /** Logs a line. */
  log: (level: 'info' | 'error', message: string, data?: unknown) => void;
  /** Publishes a metric. */
  publishMetric: (metric: { name: string; contactId: string; data: unknown }) => void;
}

/**
 * Sets up the agent's chat session for a contact: `create` with the chat details, type `AGENT`
 * and the web-socket manager, then `connect()`. A failure is logged, a metric is published and the
 * error is rethrown.
 * @public
 */
export async function createChatSession(
  factory: SessionFactory<ChatSessionArgs>,
  chatDetails: ChatSessionArgs['chatDetails'],
  options: SessionReporting & { websocketManager: unknown; region?: string; logger?: unknown },
): Promise<ConnectableSession> {
  const { contactId } = chatDetails;
  publish(options, 'Chat media controller init', contactId, contactId);
  options.log('info', 'Chat media controller init', chatDetails);
  factory.setGlobalConfig?.({
    loggerConfig: { logger: options.logger ?? null },
    region: options.region ?? DEFAULT_REGION,
  });
  const session = factory.create({
    chatDetails,
    type: 'AGENT',
    websocketManager: options.websocketManager,
  });
  track(session, options, 'Chat', contactId);
  try {
    await session.connect();
  } catch (error) {
    options.log('error', `Chat Session establishement failed for contact ${contactId}`, error);
    publish(options, 'Chat Session establishement failed', contactId, error);
    throw error;
  }
  options.log('info', `Chat Session Successfully established for contactId ${contactId}`);
  publish(options, 'Chat Session Successfully established', contactId, contactId);
  return session;
}

/**
 * Sets up the agent's task session: `create` with contactId, initialContactId and the
 * web-socket manager, then `connect()`. A failure is logged, a metric is published and the error is rethrown.
 * @public
 */
export async function createTaskSession(
  factory: SessionFactory<TaskSessionArgs>,
  mediaInfo: { contactId: string; initialContactId?: string },
  options: SessionReporting & { websocketManager: unknown },
): Promise<ConnectableSession> {
  const { contactId } = mediaInfo;
  publish(options, 'Task media controller init', contactId, contactId);
  const session = factory.create({
    contactId,
    initialContactId: mediaInfo.initialContactId,
    websocketManager: options.websocketManager,
  });
  track(session, options, 'Task', contactId);
  try {
    await session.connect();
  } catch (error) {
    options.log('error', `Task Session establishement failed for contact ${contactId}`, error);
    publish(options, 'Task Session establishement failed', contactId, error);
    throw error;
  }
  options.log('info', `Task Session Successfully established for contactId ${contactId}`);
  publish(options, 'Task Session Successfully established', contactId, contactId);
  return session;
}

function publish(options: SessionReporting, name: string, contactId: string, data: unknown): void {
  options.publishMetric({ name, contactId, data });
}

function track(
  session: ConnectableSession,
  options: SessionReporting,
  kind: 'Chat' | 'Task',
  contactId: string,
): void {
  session.onConnectionBroken?.((data) => {
    options.log('error', `${kind} Session connection broken`, data);
    publish(options, `${kind} Session connection broken`, contactId, data);
  });
  session.onConnectionEstablished?.((data) => {
    options.log('info', `${kind} Session connection established`, data);
    publish(options, `${kind} Session connection established`, contactId, data);
  });
}
