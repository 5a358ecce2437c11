import type { Ccp, Contact } from '@x/connect-streams';
import type { VoiceApi } from '../api/client';
import type { CrossTabLock } from './cross-tab';
import type { VoiceStore } from './store';

/** What every state unit of the controller shares. @internal */
export interface UnitContext {
  readonly store: VoiceStore;
  readonly api: VoiceApi;
  /** The attached panel, if any. */
  ccp(): Ccp | null;
  /** The current voice contact (the call), if any. */
  contact(): Contact | undefined;
  readonly crossTab: () => CrossTabLock;
  readonly now: () => number;
  /** Reports a failure of a background duty (no user action to reject). */
  readonly report: (what: string, error: unknown) => void;
}

/** The agent's own leg of a contact (agent or monitoring), if the contact still exists. */
export function agentConnectionOf(contact: Contact | undefined) {
  try {
    return contact?.getAgentConnection();
  } catch {
    return undefined;
  }
}

/** Epoch ms of a wire timestamp (a Date, or a string/number when not revived). */
export function timeOf(value: unknown): number | null {
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number') {
    const time = new Date(value).getTime();
    return Number.isNaN(time) ? null : time;
  }
  return null;
}
