/** The options of the voice controller: its API, softphone panel, browser sources and callbacks. */
import type { Ccp } from '@x/connect-streams';
import type { VoiceApi } from '../api/client';
import type { VoiceConfig } from '../api/contract';
import type { CrossTabStorage, StorageChangeSource } from './cross-tab';
import type { MediaDevicesSource } from './devices-unit';

/** Options of a {@link VoiceController}. @public */
export interface VoiceControllerOptions {
  /** The product voice API (`createVoiceApiClient`, or the host's own). */
  readonly api: VoiceApi;
  /** The signed-in user's agent id in the product (session `profile.idAgent`), if any. */
  readonly idAgent?: string | null;
  /**
   * Creates the softphone panel for the workspace's voice configuration (`VoiceProvider` embeds
   * the hidden frames and calls `initCCP`; tests use the in-memory panel). The controller
   * terminates it on {@link VoiceController.dispose}.
   */
  readonly connect?: (config: VoiceConfig) => Ccp | Promise<Ccp>;
  /** The storage shared by the browser's tabs (default `localStorage`, read at start). */
  readonly storage?: CrossTabStorage | null;
  /** Changes other tabs make to the storage (default the window's `storage` event). */
  readonly storageChanges?: StorageChangeSource;
  /** Random source in [0, 1) (cross-tab delay, panel id; default `Math.random`). */
  readonly random?: () => number;
  /** Clock (default `Date.now`). */
  readonly now?: () => number;
  /** Where audio devices are listed (default `navigator.mediaDevices`, read when listing). */
  readonly mediaDevices?: MediaDevicesSource;
  /** Notification sound is disabled while a call is connected, enabled otherwise. */
  readonly onNotificationSoundChange?: (enabled: boolean) => void;
  /** Failures of background duties (conversation start, connection refresh, ...). */
  readonly onError?: (what: string, error: unknown) => void;
}
