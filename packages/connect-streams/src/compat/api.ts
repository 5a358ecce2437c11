// The `connect.*` classes of one compat runtime (agent, contact, connections, quick responses),
// each family built in its own module and composed here.
import { defineAgent } from './agent';
import { defineAgentActions } from './agent-actions';
import { defineAgentData } from './agent-data';
import { defineConnections } from './connections';
import { defineContact } from './contact';
import { defineContactConnections } from './contact-connections';
import { defineContactData } from './contact-data';
import { defineQuickResponses } from './quick-responses';
import type { CompatRuntime } from './runtime';

export { Endpoint, SoftphoneError } from './endpoint';
export type { CompatRuntime, CompatVoiceIdFlows } from './runtime';

/** Builds the `connect.Agent`, `connect.Contact` and connection classes bound to one runtime. */
export function defineApi(rt: CompatRuntime) {
  const connections = defineConnections(rt);
  const { Contact, snapshotOf } = defineContact(
    rt,
    defineContactConnections(rt, defineContactData(rt), connections),
  );
  const Agent = defineAgent(
    rt,
    defineAgentActions(rt, defineAgentData(rt, { Contact, snapshotOf })),
  );
  return {
    snapshotOf,
    Agent,
    Contact,
    BaseConnection: connections.BaseConnection,
    VoiceConnection: connections.VoiceConnection,
    ChatConnection: connections.ChatConnection,
    TaskConnection: connections.TaskConnection,
    EmailConnection: connections.EmailConnection,
    QuickResponses: defineQuickResponses(rt),
  };
}

/** The classes `defineApi` returns. @public */
export type CompatApi = ReturnType<typeof defineApi>;
