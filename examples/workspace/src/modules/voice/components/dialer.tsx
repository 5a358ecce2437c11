import { Phone } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Input } from '../../../ui';
import { useVoiceBridge, voiceBridgeActions } from '../voice-bridge';

/**
 * The call action of a contact page (§6: only when the voice module is enabled): the number to
 * call, prefilled with the contact's, and a Call button. A refused number shows the §5 message
 * ('Phone number is not valid.') under the field.
 */
export function Dialer({
  phone,
  contactName,
}: {
  readonly phone: string;
  readonly contactName: string;
}) {
  const voice = useVoiceBridge();
  const [number, setNumber] = useState(phone);
  const [error, setError] = useState<string | null>(null);
  if (!voice.ready || !voice.voiceModuleEnabled) return null;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setError((await voiceBridgeActions()?.call(number.trim())) ?? null);
  };
  return (
    <form className="dialer" onSubmit={(e) => void onSubmit(e)} data-testid="dialer">
      <Field label={`Call ${contactName}`} error={error}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setError(null);
            }}
            data-testid="dialer-number"
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="primary"
        icon={<Phone aria-hidden="true" />}
        loading={voice.calling}
        disabled={!number.trim()}
        data-testid="call-contact"
      >
        Call
      </Button>
    </form>
  );
}
