import { formatVoiceMessage, useVoiceSession } from '@x/react-voice';
import { useEffect } from 'react';
import { toast } from '../../../ui';

/**
 * Tells the agent about each softphone error the panel reports, e.g. 'Microphone is not
 * shared with the browser. Please allow microphone access and reload the page.' (the agent is then
 * Offline and the chip's tooltip says why status changes are disabled). Renders nothing.
 */
export function SoftphoneErrorEffect() {
  const { softphoneError } = useVoiceSession();
  useEffect(() => {
    if (!softphoneError) return;
    return toast({ tone: 'danger', title: formatVoiceMessage(softphoneError.message) });
  }, [softphoneError]);
  return null;
}
