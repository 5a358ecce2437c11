import { Phone } from 'lucide-react';
import { Button } from '../../../ui';
import { useVoiceBridge, voiceBridgeActions } from '../voice-bridge';

/**
 * The call action of a contact (it appears only when the voice module is enabled). Starting
 * the call goes through the voice add-on, which validates the number (it must start with +) and says why a call
 * cannot start.
 */
export function CallContactButton({
  phone,
  contactName,
  variant = 'secondary',
}: {
  readonly phone: string;
  readonly contactName: string;
  readonly variant?: 'primary' | 'secondary';
}) {
  const voice = useVoiceBridge();
  if (!voice.ready || !voice.voiceModuleEnabled) return null;
  return (
    <Button
      variant={variant}
      icon={<Phone aria-hidden="true" />}
      onClick={() => void voiceBridgeActions()?.call(phone)}
      loading={voice.calling}
      data-testid="call-contact"
      aria-label={`Call ${contactName}`}
    >
      Call
    </Button>
  );
}
