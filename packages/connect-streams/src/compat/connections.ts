// The compat connection classes of one runtime, one per media type, and the wrapping of a core
// connection in the class its contact's type calls for.
import type { Connection as CoreConnection } from '../contact/connection';
import { MediaType } from '../protocol/names';
import { defineBaseConnection, type CompatConnection } from './base-connection';
import { asDeclared } from './callbacks';
import { defineChatConnection } from './chat-connection';
import type { CompatRuntime } from './runtime';
import { defineVoiceConnection } from './voice-connection';

/** Builds `connect.BaseConnection` and its voice, chat, task and email subclasses. */
export function defineConnections(rt: CompatRuntime) {
  const BaseConnection = defineBaseConnection(rt);
  const VoiceConnection = defineVoiceConnection(rt, BaseConnection);
  const ChatConnection = defineChatConnection(rt, BaseConnection);

  /** `connect.TaskConnection`. */
  class TaskConnection extends BaseConnection implements connect.TaskConnection {
    override getMediaInfo(): connect.TaskMediaInfo {
      return asDeclared<connect.TaskMediaInfo>(super.getMediaInfo());
    }
    getMediaType(): connect.MediaType.TASK {
      return MediaType.TASK as connect.MediaType.TASK;
    }
    getMediaController(): Promise<unknown> {
      return rt.mediaController(this);
    }
  }

  /** `connect.EmailConnection`. */
  class EmailConnection extends BaseConnection implements connect.EmailConnection {
    getMediaType(): connect.MediaType.EMAIL {
      return MediaType.EMAIL as connect.MediaType.EMAIL;
    }
  }

  function wrapConnection(
    contactId: string,
    conn: CoreConnection,
    contactType: string,
  ): CompatConnection {
    const id = conn.getConnectionId();
    if (contactType === 'chat') return new ChatConnection(contactId, id);
    if (contactType === 'task') return new TaskConnection(contactId, id);
    if (contactType === 'email') return new EmailConnection(contactId, id);
    return new VoiceConnection(contactId, id);
  }

  return {
    BaseConnection,
    VoiceConnection,
    ChatConnection,
    TaskConnection,
    EmailConnection,
    wrapConnection,
  };
}

/** The connection classes of one runtime. */
export type CompatConnections = ReturnType<typeof defineConnections>;
