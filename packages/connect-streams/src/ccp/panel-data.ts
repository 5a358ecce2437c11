// Reading the data of panel notices: the names they carry, and the shape check of `agent::update`.
import type { AgentUpdate } from '../wire';

/** The `origin` a panel notice names, if any. */
export function originOf(data: unknown): string | undefined {
  const origin = (data as { origin?: unknown } | null | undefined)?.origin;
  return typeof origin === 'string' && origin !== '' ? origin : undefined;
}

/** The `contactId` a panel notice names, or ''. */
export function contactIdOf(data: unknown): string {
  const id = (data as { contactId?: unknown } | null | undefined)?.contactId;
  return typeof id === 'string' ? id : '';
}

/** Hand-written hot-path check of an `agent::update` payload. */
export function isAgentUpdate(data: unknown): data is AgentUpdate {
  if (typeof data !== 'object' || data === null) return false;
  const snapshot = (data as { snapshot?: unknown }).snapshot as
    { state?: { name?: unknown; type?: unknown }; contacts?: unknown } | undefined;
  if (typeof snapshot !== 'object' || snapshot === null) return false;
  const state = snapshot.state;
  if (!state || typeof state.name !== 'string' || typeof state.type !== 'string') return false;
  const contacts = snapshot.contacts;
  if (!Array.isArray(contacts)) return false;
  for (const c of contacts as {
    contactId?: unknown;
    state?: { type?: unknown };
    connections?: unknown;
  }[]) {
    if (
      typeof c?.contactId !== 'string' ||
      typeof c.state?.type !== 'string' ||
      !Array.isArray(c.connections)
    ) {
      return false;
    }
  }
  return true;
}
