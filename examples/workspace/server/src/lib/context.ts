// What the app's middleware puts on each request, and the services every module receives.
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Permits } from '../contract/session';
import type { Agent, Database, Membership, Workspace } from '../db/schema';
import type { ChannelAdapters } from '../integrations/channels/registry';
import type { ContactCentre } from '../integrations/contact-centre';
import type { LiveBus } from '../modules/live/bus';

/**
 * The origin providers call back (status callbacks, webhook signatures): PUBLIC_API_URL when set,
 * else the server's own URL once it listens.
 */
export interface CallbackOrigin {
  url: string | undefined;
}

/** The process-wide services. */
export interface Services {
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly log: Logger;
  readonly contactCentre: ContactCentre;
  readonly bus: LiveBus;
  /** The channels' adapters (web chat, email, SMS, WhatsApp) of this process. */
  readonly channels: ChannelAdapters;
  readonly callbackOrigin: CallbackOrigin;
}

/** The signed-in user of a request. */
export interface AuthInfo {
  readonly userId: string;
  readonly token: string;
  readonly tokenHash: string;
}

/** The workspace of a `/ws/{slug}` request and the caller's place in it. */
export interface WorkspaceAccess {
  readonly workspace: Workspace;
  readonly membership: Membership;
  readonly permits: Permits;
  /** The caller's agent in this workspace, when linked. */
  readonly agent: Agent | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    auth: AuthInfo;
    access: WorkspaceAccess;
  };
}
