import { Phone } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toE164 } from '../../../lib/phone';
import { Button, Field, Input } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { useVoiceBridge, voiceBridgeActions } from '../voice-bridge';

/**
 * The call action of a contact page (only when the voice module is enabled): the number to
 * call, prefilled with the contact's, and a Call button. A refused number shows the phone-format message
 * ('Phone number is not valid.') under the field. A number typed without its country code is read
 * in the workspace's default country (Settings → General).
 */
export function Dialer({
  phone,
  contactName,
}: {
  readonly phone: string;
  readonly contactName: string;
}) {
  const voice = useVoiceBridge();
  const country = useSession().workspace.defaultCountry;
  const [number, setNumber] = useState(phone);
  const [error, setError] = useState<string | null>(null);
  if (!voice.ready || !voice.voiceModuleEnabled) return null;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // A number it cannot read goes as typed: the controller refuses it with the phone-format message.
    const dialled = toE164(number, country) ?? number.trim();
    setError((await voiceBridgeActions()?.call(dialled)) ?? null);
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
