/** Reloading a list when the product API's live events name it. */
import type { VoiceLiveEventSource, VoiceLiveEventType } from '../../api/contract';

/** At most this many loads run at once for live events (a burst waits for one of them). */
const LIVE_RELOADS_AT_ONCE = 2;

/**
 * Reloads when the API's live events name one of `types`: at once while fewer than two such
 * loads run, else once more when one ends (a burst of events costs at most three loads, and the
 * last answer is from after the last event). Does nothing without a source of events. Returns
 * the function that stops following.
 */
export function followLiveEvents(
  subscribe: VoiceLiveEventSource | undefined,
  types: readonly VoiceLiveEventType[],
  reload: () => Promise<void>,
): () => void {
  if (!subscribe || types.length === 0) return () => {};
  const wanted = new Set<string>(types);
  let running = 0;
  let again = false;
  let stopped = false;
  const run = (): void => {
    running++;
    void reload().finally(() => {
      running--;
      if (again && !stopped) {
        again = false;
        run();
      }
    });
  };
  const off = subscribe((event) => {
    if (stopped || !wanted.has(event.type)) return;
    if (running < LIVE_RELOADS_AT_ONCE) run();
    else again = true;
  });
  return () => {
    stopped = true;
    off();
  };
}
