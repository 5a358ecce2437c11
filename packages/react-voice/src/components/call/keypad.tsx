import { Delete } from 'lucide-react';
import { useCallback } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { KEYPAD_KEYS } from '../../controller/constants';
import { useVoiceMessages } from '../../i18n/context';
import { useCall, useCallControls } from '../../react/hooks';
import { cx } from '../../ui/cx';

/** The tone pad's layout: 1-9, then *, 0, #. */
const LAYOUT = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

/** The letters under each digit, as on a phone. */
const LETTERS: Readonly<Record<string, string>> = {
  '2': 'ABC',
  '3': 'DEF',
  '4': 'GHI',
  '5': 'JKL',
  '6': 'MNO',
  '7': 'PQRS',
  '8': 'TUV',
  '9': 'WXYZ',
  '0': '+',
};

const ACCEPTED: ReadonlySet<string> = new Set(KEYPAD_KEYS);

/** Props of {@link Keypad}. @public */
export interface KeypadProps {
  /** Extra class names of the pad. */
  readonly className?: string;
}

/**
 * The tone pad: the digits typed so far and a 3 × 4 pad. It accepts only 0-9, *, # and
 * Backspace, from its buttons or from the keyboard while it has focus (other keys are blocked);
 * each digit is sent to the call as typed. It takes focus when it opens (the first digit typed is
 * not lost). It renders nothing unless the call is connected.
 * @public
 */
export function Keypad(props: KeypadProps): ReactElement | null {
  const call = useCall();
  const { pressKey } = useCallControls();
  const { t } = useVoiceMessages();
  // The pad takes focus when it opens, so the first digit typed reaches the call.
  const takeFocus = useCallback((element: HTMLDivElement | null) => {
    element?.focus({ preventScroll: true });
  }, []);
  if (!call.keypadVisible) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Tab' || e.key === 'Escape' || e.key.startsWith('Arrow')) return;
    // Enter and Space activate the focused key button themselves.
    if (e.key === 'Enter' || e.key === ' ') return;
    e.preventDefault();
    if (ACCEPTED.has(e.key)) pressKey(e.key);
  };

  return (
    <div
      role="group"
      aria-label={t('keypadLabel')}
      className={cx('xv-keypad', props.className)}
      data-testid="voice-keypad"
      ref={takeFocus}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="xv-keypad__display">
        <output className="xv-keypad__digits" aria-label={t('keypadDigits')} aria-live="polite">
          <bdi>{call.digits}</bdi>
        </output>
        <button
          type="button"
          className="xv-keypad__backspace"
          aria-label={t('keypadBackspace')}
          disabled={!call.digits}
          onClick={() => pressKey('Backspace')}
        >
          <Delete size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="xv-keypad__grid">
        {LAYOUT.map((key) => (
          <button
            key={key}
            type="button"
            className="xv-keypad__key"
            data-key={key}
            onClick={() => pressKey(key)}
          >
            <span className="xv-keypad__digit">{key}</span>
            <span className="xv-keypad__letters" aria-hidden="true">
              {LETTERS[key] ?? '\u00a0'}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
