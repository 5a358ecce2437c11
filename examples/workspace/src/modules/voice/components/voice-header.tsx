import { useCallback } from 'react';
import { updateVoiceBridge } from '../voice-bridge';

/**
 * The place of the voice header chip in the top bar. The running add-on renders the chip
 * into it once the voice module is ready.
 */
export function VoiceHeader() {
  const ref = useCallback((element: HTMLDivElement | null) => {
    updateVoiceBridge({ headerSlot: element });
  }, []);
  return <div ref={ref} className="voice-header-slot" data-testid="voice-header" />;
}
