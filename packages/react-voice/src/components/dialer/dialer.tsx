import { History, Phone, UserPlus, UserRound } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { messageOf } from '../../controller/errors';
import type { VoiceMessage } from '../../controller/messages';
import { dialCountries, formatPhoneNumber, parseDialedNumber } from '../../dialer/phone-numbers';
import { readRecentNumbers, rememberRecentNumber } from '../../dialer/recent-numbers';
import type { RecentNumber, RecentNumbersStorage } from '../../dialer/recent-numbers';
import { useVoiceMessages } from '../../i18n/context';
import { useVoiceController } from '../../react/context';
import { useCall } from '../../react/hooks';
import { VoiceButton } from '../../ui/button';
import { VoiceDialog } from '../../ui/dialog';
import { VoiceSelect } from '../../ui/select';

/** The dialer waits this long after the last keystroke before it looks the number's contact up. */
const CONTACT_LOOKUP_DELAY_MS = 250;

/** The dialer dialog is 380 px wide (less on a narrow screen). */
const DIALER_DIALOG_WIDTH = 380;

/** Props of {@link Dialer}. @public */
export interface DialerProps {
  /**
   * The country of numbers typed without their country code (ISO 3166-1 alpha-2, `GB`): the
   * workspace's default country. Without it, numbers must start with their country code.
   */
  readonly defaultCountry?: string | null;
  /** The number the field starts with. */
  readonly initialNumber?: string;
  /** Called once a call to the number has started (E.164). */
  readonly onCalled?: (number: string) => void;
  /** Where the recent numbers are kept (default `localStorage`; null keeps none). */
  readonly storage?: RecentNumbersStorage | null;
  /**
   * `call` (default): Call places a new call. `addToCall`: during a connected call, 'Add to call'
   * adds the number to it as an external party (to transfer the call to it, or talk with both).
   */
  readonly mode?: 'call' | 'addToCall';
}

/** The contact a number matched: looked up for that E.164 number. */
interface ContactMatch {
  readonly number: string;
  readonly name: string | null;
}

/**
 * The contact `number` (E.164) matches, looked up through the voice API once the number has not
 * changed for a moment; null until then, and for no number.
 */
function useContactMatch(number: string | null): ContactMatch | null {
  const controller = useVoiceController();
  const [match, setMatch] = useState<ContactMatch | null>(null);
  useEffect(() => {
    if (!number) return;
    let current = true;
    const timer = setTimeout(() => {
      controller.api
        .getContactByPhone(number)
        .then((contact) => current && setMatch({ number, name: contact?.name ?? null }))
        .catch(() => current && setMatch(null));
    }, CONTACT_LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [controller, number]);
  return match && match.number === number ? match : null;
}

/** The agent's recent numbers: each button calls its number again. */
function RecentNumbers(props: {
  readonly id: string;
  readonly recent: readonly RecentNumber[];
  readonly busy: boolean;
  readonly onDial: (number: string, name: string | null) => Promise<void>;
}): ReactElement {
  const { id, recent, busy, onDial } = props;
  const { t } = useVoiceMessages();
  return (
    <section className="xv-dialer__recent" aria-labelledby={id}>
      <h3 id={id} className="xv-dialer__recent-title">
        <History size={14} aria-hidden="true" />
        {t('dialerRecent')}
      </h3>
      <ul className="xv-dialer__recent-list" data-testid="voice-dialer-recent">
        {recent.map((r) => {
          const shown = formatPhoneNumber(r.number);
          return (
            <li key={r.number}>
              <button
                type="button"
                className="xv-dialer__recent-item"
                disabled={busy}
                aria-label={t('dialerCallRecent', {
                  number: r.name ? `${r.name}, ${shown}` : shown,
                })}
                onClick={() => void onDial(r.number, r.name)}
              >
                <span className="xv-dialer__recent-number">{shown}</span>
                {r.name && <span className="xv-dialer__recent-name">{r.name}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A free dialer: the number as people write it (spaces, dashes, brackets), its country for
 * numbers typed without their country code, the contact the number matches (looked up through
 * the voice API as it is typed, its name shown under the field), the agent's recent numbers, and
 * Call. A number that cannot be read is refused with 'Phone number is not valid.'; a refused call
 * shows the controller's message under the field.
 * @public
 */
export function Dialer(props: DialerProps): ReactElement {
  const { defaultCountry = null, initialNumber = '', onCalled, mode = 'call' } = props;
  const adding = mode === 'addToCall';
  const { t, tag } = useVoiceMessages();
  const controller = useVoiceController();
  const call = useCall();
  const id = useId();
  const [text, setText] = useState(initialNumber);
  const [country, setCountry] = useState(defaultCountry ?? '');
  const [error, setError] = useState<VoiceMessage | null>(null);
  const [calling, setCalling] = useState(false);
  const storage = props.storage;
  const [recent, setRecent] = useState<readonly RecentNumber[]>(() =>
    readRecentNumbers(controller.idAgent, storage),
  );
  const countries = useMemo(() => dialCountries(tag), [tag]);
  const parsed = useMemo(() => parseDialedNumber(text, country || null), [text, country]);
  const number = parsed?.e164 ?? null;

  const matched = useContactMatch(number);

  const dial = async (dialled: string, name: string | null): Promise<void> => {
    setError(null);
    setCalling(true);
    try {
      // A number that could not be read goes as typed: the controller refuses it with the
      // specification's message ('Phone number is not valid.').
      if (adding) await controller.transferToNumber(dialled, name ?? undefined);
      else await controller.call(dialled);
      const e164 = parseDialedNumber(dialled)?.e164 ?? dialled;
      setRecent(rememberRecentNumber(controller.idAgent, { number: e164, name }, storage));
      onCalled?.(e164);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setCalling(false);
    }
  };
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void dial(number ?? text, matched?.name ?? null);
  };
  const busy = calling || call.status !== (adding ? 'connected' : 'idle');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <form className="xv xv-dialer" onSubmit={onSubmit} data-testid="voice-dialer" noValidate>
      <div className="xv-dialer__field">
        <label htmlFor={`${id}-country`} className="xv-dialer__label">
          {t('dialerCountry')}
        </label>
        <VoiceSelect
          id={`${id}-country`}
          value={country}
          onChange={(e) => {
            setCountry(e.target.value);
            setError(null);
          }}
          data-testid="voice-dialer-country"
        >
          <option value="">{t('dialerAnyCountry')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.name} (${c.callingCode})`}
            </option>
          ))}
        </VoiceSelect>
      </div>
      <div className="xv-dialer__field">
        <label htmlFor={`${id}-number`} className="xv-dialer__label">
          {t('dialerNumber')}
        </label>
        <input
          id={`${id}-number`}
          className="xv-dialer__input"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          data-autofocus
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          data-testid="voice-dialer-number"
        />
        {error ? (
          <p
            id={errorId}
            className="xv-dialer__error"
            role="alert"
            data-testid="voice-dialer-error"
          >
            {t(error)}
          </p>
        ) : (
          <p
            id={hintId}
            className="xv-dialer__hint"
            aria-live="polite"
            data-testid="voice-dialer-match"
            data-state={matched ? (matched.name ? 'contact' : 'none') : 'idle'}
          >
            {parsed && <span className="xv-dialer__formatted">{parsed.international}</span>}
            {matched?.name && (
              <span className="xv-dialer__contact">
                <UserRound size={14} aria-hidden="true" />
                {t('dialerContact', { name: matched.name })}
              </span>
            )}
            {matched && !matched.name && (
              <span className="xv-dialer__contact">{t('dialerNoContact')}</span>
            )}
          </p>
        )}
      </div>
      <VoiceButton
        type="submit"
        variant="success"
        block
        icon={
          adding ? (
            <UserPlus size={16} aria-hidden="true" />
          ) : (
            <Phone size={16} aria-hidden="true" />
          )
        }
        disabled={!text.trim() || busy}
        aria-busy={calling || undefined}
        data-testid="voice-dialer-call"
      >
        {t(adding ? 'transferAddNumber' : 'dialerCall')}
      </VoiceButton>
      {recent.length > 0 && !adding && (
        <RecentNumbers id={`${id}-recent`} recent={recent} busy={busy} onDial={dial} />
      )}
    </form>
  );
}

/** Props of {@link DialerDialog}. @public */
export interface DialerDialogProps extends DialerProps {
  /** Whether the dialog is open (controlled). */
  readonly open: boolean;
  /** Called when the dialog asks to open or close; it closes itself once a call has started. */
  readonly onOpenChange: (open: boolean) => void;
}

/**
 * The {@link Dialer} in a dialog titled 'Dial a number' (the status menu opens it); it closes
 * once the call has started, and the call panel takes over.
 * @public
 */
export function DialerDialog(props: DialerDialogProps): ReactElement {
  const { open, onOpenChange, onCalled, ...dialer } = props;
  const { t } = useVoiceMessages();
  return (
    <VoiceDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialNumber')}
      width={DIALER_DIALOG_WIDTH}
      testId="voice-dialer-dialog"
    >
      {open && (
        <Dialer
          {...dialer}
          onCalled={(number) => {
            onOpenChange(false);
            onCalled?.(number);
          }}
        />
      )}
    </VoiceDialog>
  );
}
