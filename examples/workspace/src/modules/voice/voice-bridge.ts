import { useSyncExternalStore } from 'react';

/**
 * What the rest of the app knows of the voice add-on, without loading it: the add-on itself
 * (`@x/react-voice`, the softphone client) is a lazy chunk that starts after the workspace
 * screens are interactive; once running it publishes its state and actions here.
 */
export interface VoiceBridgeState {
  /** The voice module is running and ready (voice controls are shown only then). */
  readonly ready: boolean;
  /** The call action appears only when the voice module is enabled. */
  readonly voiceModuleEnabled: boolean;
  /** A call is being started. */
  readonly calling: boolean;
  /** The top-bar element the header chip renders into. */
  readonly headerSlot: HTMLElement | null;
}

/** The actions the running add-on provides. */
export interface VoiceBridgeActions {
  /**
   * Starts an outbound call after the phone-number checks (it must start with +). Resolves with null when the call started, or
   * with the message of the refusal ('Phone number is not valid.', ...), which is also shown.
   */
  readonly call: (phone: string) => Promise<string | null>;
  /** Ends an active call and sets the agent Offline (on sign-out). */
  readonly logout: () => Promise<void>;
}

const INITIAL: VoiceBridgeState = {
  ready: false,
  voiceModuleEnabled: false,
  calling: false,
  headerSlot: null,
};

let state: VoiceBridgeState = INITIAL;
let actions: VoiceBridgeActions | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Updates the bridge state (called by the running add-on and the layout). */
export function updateVoiceBridge(patch: Partial<VoiceBridgeState>): void {
  const next = { ...state, ...patch };
  if (
    Object.keys(patch).every(
      (k) => next[k as keyof VoiceBridgeState] === state[k as keyof VoiceBridgeState],
    )
  )
    return;
  state = next;
  listeners.forEach((l) => l());
}

/** Registers (or, with null, removes) the running add-on's actions. */
export function setVoiceBridgeActions(next: VoiceBridgeActions | null): void {
  actions = next;
  if (!next) updateVoiceBridge({ ready: false, voiceModuleEnabled: false, calling: false });
}

/** The running add-on's actions, or null when voice is not running. */
export function voiceBridgeActions(): VoiceBridgeActions | null {
  return actions;
}

/** The bridge state, re-rendering when it changes. */
export function useVoiceBridge(): VoiceBridgeState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}
