/** What the app can do with calls: whether the voice module is enabled, and starting a call. */
export interface VoiceCalling {
  readonly enabled: boolean;
  readonly busy: boolean;
  readonly call: (phone: string, contactName: string) => Promise<void>;
}

const DISABLED: VoiceCalling = { enabled: false, busy: false, call: () => Promise.resolve() };

/** The voice calling actions; disabled until the voice module is ready (§1, §6). */
export function useVoiceCalling(): VoiceCalling {
  return DISABLED;
}
