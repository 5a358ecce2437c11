import { Phone } from 'lucide-react';
import { Button } from '../../../ui';
import { useVoiceCalling } from '../hooks/use-voice-calling';

/**
 * The call action of a contact (§6: it appears only when the voice module is enabled). Starting
 * the call goes through the voice add-on, which validates the number (§5).
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
  const calling = useVoiceCalling();
  if (!calling.enabled) return null;
  return (
    <Button
      variant={variant}
      icon={<Phone aria-hidden="true" />}
      onClick={() => void calling.call(phone, contactName)}
      disabled={calling.busy}
      data-testid="call-contact"
      aria-label={`Call ${contactName}`}
    >
      Call
    </Button>
  );
}
