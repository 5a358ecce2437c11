import type { Ccp } from '../ccp/ccp';
import type { InitCcpParams } from '@x/connect-streams';
import { STORAGE_ACCESS_EVENTS } from '../constants';
import type { Contact as CoreContact } from '../contact/contact';
import { AgentApps, type AgentAppConfig } from '../custom-views/agent-apps';
import {
  createChatSession,
  createTaskSession,
  type ChatSessionArgs,
  type SessionFactory,
  type TaskSessionArgs,
} from '../media-sessions/media-sessions';
import {
  MESSAGES,
  MSG_MEDIA_INFO_MISSING,
  MSG_CHAT_SESSION_MISSING,
  MSG_TASK_SESSION_MISSING,
  MSG_UNKNOWN_MEDIA_TYPE,
  MSG_STORAGE_ACCESS_NOT_INITIALIZED,
  MSG_VOICE_ID_NOT_INSTALLED,
} from '../messages';
import {
  AgentEvents,
  ContactEvents,
  EmailEvents,
  EventType,
  MediaType,
  TaskEvents,
} from '../protocol/names';
import {
  StorageAccess,
  type StorageAccessCallbacks,
  type StorageAccessParams,
} from '../storage-access/storage-access';
import type { CompatVoiceIdFlows } from './api';
import type { Subscription } from './event-bus';

/**
 * Builds the Voice ID flows of one contact (`@x/voice-id`'s `createVoiceId` fits).
 * @public
 */
export type CompatVoiceIdFactory = (
  contact: CoreContact,
  options: { ccp: Ccp },
) => CompatVoiceIdFlows;

let voiceIdFactory: CompatVoiceIdFactory | undefined;

/**
 * Installs the Voice ID flows behind `VoiceConnection.getVoiceIdSpeakerId()` and the other Voice ID
 * methods of every compat `connect` (`@x/voice-id/compat` calls it with `createVoiceId`).
 * @public
 */
export function installCompatVoiceId(factory: CompatVoiceIdFactory): void {
  voiceIdFactory = factory;
}

/** The installed Voice ID factory, or an error naming the import that installs it. */
export function compatVoiceIdFactory(): CompatVoiceIdFactory {
  if (!voiceIdFactory) throw new Error(MSG_VOICE_ID_NOT_INSTALLED);
  return voiceIdFactory;
}

/** What a media controller needs of a compat connection. */
export interface MediaConnectionLike {
  getConnectionId(): string;
  getMediaType(): string;
  getMediaInfo(): Record<string, unknown> | undefined;
  isActive(): boolean;
}

/**
 * The chat and task session factories that amazon-connect-chatjs installs on the global `connect`
 * (`connect.ChatSession`, `connect.TaskSession`).
 */
interface SessionGlobals {
  ChatSession?: SessionFactory<ChatSessionArgs>;
  TaskSession?: SessionFactory<TaskSessionArgs>;
}

/**
 * `getMediaController()` of the connections, as the original media factory: one controller per
 * connection, memoised; chat and task sessions are set up with the chat library's
 * `connect.ChatSession` / `connect.TaskSession` and the web-socket manager; a voice connection's
 * controller is its media info; an inactive connection's controller is dropped and refused.
 */
export function createMediaControllers(options: {
  sessions: () => SessionGlobals;
  websocketManager: () => unknown;
  log: (level: 'info' | 'error', message: string, data?: unknown) => void;
  publishMetric: (metric: { name: string; contactId: string; data: unknown }) => void;
  region: () => string | undefined;
}) {
  const controllers = new Map<string, Promise<unknown>>();
  const create = (conn: MediaConnectionLike, info: Record<string, unknown>): Promise<unknown> => {
    const reporting = {
      log: options.log,
      publishMetric: options.publishMetric,
      websocketManager: options.websocketManager(),
    };
    const sessions = options.sessions();
    switch (conn.getMediaType()) {
      case MediaType.CHAT:
        if (!sessions.ChatSession) throw new Error(MSG_CHAT_SESSION_MISSING);
        return createChatSession(sessions.ChatSession, info as ChatSessionArgs['chatDetails'], {
          ...reporting,
          region: options.region(),
        });
      case MediaType.TASK:
        if (!sessions.TaskSession) throw new Error(MSG_TASK_SESSION_MISSING);
        return createTaskSession(
          sessions.TaskSession,
          info as { contactId: string; initialContactId?: string },
          reporting,
        );
      case MediaType.SOFTPHONE:
        return Promise.resolve(info);
      default:
        throw new Error(MSG_UNKNOWN_MEDIA_TYPE);
    }
  };
  return {
    get(conn: MediaConnectionLike): Promise<unknown> {
      const id = conn.getConnectionId();
      return new Promise((resolve) => {
        if (!conn.isActive()) {
          controllers.delete(id);
          throw new Error(MESSAGES.mediaControllerGone);
        }
        const info = conn.getMediaInfo();
        if (!info) throw new Error(MSG_MEDIA_INFO_MISSING);
        let controller = controllers.get(id);
        if (!controller) {
          controller = create(conn, info);
          controllers.set(id, controller);
        }
        resolve(controller);
      });
    },
    clear(): void {
      controllers.clear();
    },
  };
}

/** The events the original relays from the panel to an embedded app (`initAppCommunication`). */
const APP_BROADCAST_EVENTS = [
  AgentEvents.UPDATE,
  ContactEvents.VIEW,
  EventType.ACKNOWLEDGE,
  EventType.TERMINATED,
  TaskEvents.CREATED,
  EmailEvents.CREATED,
] as const;

/**
 * `connect.agentApp`: embedded agent apps (custom views) next to the panel, on the typed
 * {@link AgentApps}.
 */
export function createAgentApp(options: {
  initCCP: (
    container: HTMLElement,
    params: connect.InitCCPOptions | InitCcpParams | string,
  ) => void;
  ccp: () => Ccp;
  document?: () => Document;
  log: (level: 'info' | 'warn', message: string) => void;
}) {
  const doc = () => options.document?.() ?? globalThis.document;

  /** Relays the panel's agent/contact/init/termination events to the app iframe. */
  const initAppCommunication = (iframeId: string, endpoint: string): void => {
    const iframe = doc().getElementById(iframeId) as HTMLIFrameElement | null;
    if (!iframe) return;
    const origin = new URL(endpoint, globalThis.location?.href).origin;
    iframe.addEventListener('load', () => {
      for (const event of APP_BROADCAST_EVENTS) {
        options.ccp().onMessage(event, (data) => {
          iframe.contentWindow?.postMessage({ event, data }, origin);
        });
      }
    });
  };

  const apps = new AgentApps({
    warn: (m) => options.log('warn', m),
    info: (m) => options.log('info', m),
    initCCP: (container, params) => options.initCCP(container, params as unknown as InitCcpParams),
    initAppCommunication: (iframe, endpoint) => initAppCommunication(iframe.id, endpoint),
  });

  /** `connect.agentApp.AppRegistry`: app data with start and stop, as the original. */
  const AppRegistry = {
    register: apps.register.bind(apps),
    start: apps.start.bind(apps),
    get: apps.get.bind(apps),
    delete: apps.delete.bind(apps),
    stop: apps.stopApp.bind(apps),
  };

  return {
    /** Alias of `connect.core.initCCP`. */
    initCCP: options.initCCP,
    /** Present in the original, which always returns undefined. */
    isInitialized: (): undefined => undefined,
    initAppCommunication,
    /** Registers and starts an app in `containerId` (custom views get their contact parameters). */
    initApp: (
      name: string,
      containerId: string | HTMLElement,
      appUrl: string,
      config?: connect.AppOptions | AgentAppConfig,
    ): unknown => apps.initApp(name, containerId, appUrl, config as AgentAppConfig),
    /** Stops an app: removes its iframe and runs its destroy. */
    stopApp: (name?: string): unknown => AppRegistry.stop(name as string),
    AppRegistry,
    /** The typed {@link AgentApps} underneath (`terminateCustomView`, …). */
    apps,
  };
}

/**
 * `connect.storageAccess`: the storage-access request flow, on the typed {@link StorageAccess}.
 * `init(ccpUrl, container, params)` must run first (the original's `initCCP` does it).
 */
export function createStorageAccessApi(options: {
  iframe: () => { contentWindow: unknown } | null | undefined;
  isInitialized: () => boolean;
  log: (level: 'info' | 'error', message: string) => void;
}) {
  let current: StorageAccess | undefined;
  // amazon-connect-streams 2.18.7 defaults canRequest to false (integrations opt in).
  let optedIn = false;
  const access = (): StorageAccess => {
    if (!current) throw new Error(MSG_STORAGE_ACCESS_NOT_INITIALIZED);
    return current;
  };
  return {
    storageAccessEvents: STORAGE_ACCESS_EVENTS,
    /** Whether the request flow is used (opt-in: `canRequest: true` or `optInForRequestAccess()`). */
    canRequest: (): boolean => current?.canRequest ?? optedIn,
    optOutFromRequestAccess: (): void => {
      optedIn = false;
    },
    optInForRequestAccess: (): void => {
      optedIn = true;
    },
    /**
     * Starts the flow's state for a panel. `initCCP` passes the core's own flow (`ccp.storageAccess`,
     * present when it requests access) so that both see the same messages.
     */
    init(
      ccpUrl: string,
      container: { style: { display: string } },
      params: StorageAccessParams = {},
      running?: StorageAccess,
    ): void {
      current =
        running ??
        new StorageAccess(
          ccpUrl,
          container,
          { canRequest: optedIn, ...params },
          { getIframe: options.iframe, isInitialized: options.isInitialized, log: options.log },
        );
    },
    /** The `storageAccess` init parameters with the opt-in default applied. */
    paramsFor: (params: StorageAccessParams = {}): StorageAccessParams => ({
      canRequest: optedIn,
      ...params,
    }),
    setupRequestHandlers: (handlers: { onGrant: () => void }): (() => void) =>
      access().setupRequestHandlers(handlers),
    getRequestStorageAccessUrl: (): string => access().getRequestStorageAccessUrl(),
    getOnGrantCallbackInvoked: (): boolean => current?.onGrantCallbackInvoked ?? false,
    getStorageAccessParams: () => current?.params ?? {},
    resetStorageAccessState(): void {
      current?.dispose();
      current = undefined;
    },
    /** Listens for the request page's init/granted/denied messages; `{ unsubscribe }`. */
    onRequest: (callbacks: StorageAccessCallbacks): Subscription => ({
      unsubscribe: access().onRequest(callbacks),
    }),
    /** Posts `storageAccess::request` (parameters and landing path) to the panel iframe. */
    request: (): void => access().request(),
  };
}
