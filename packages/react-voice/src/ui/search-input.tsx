import { Search, X } from 'lucide-react';
import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes } from 'react';
import { useVoiceMessages } from '../i18n/context';
import { cx } from './cx';

/** Props of {@link VoiceSearchInput}. @public */
export interface VoiceSearchInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  /** The search text (controlled). */
  readonly value: string;
  /** Called with the new text as the user types (and with '' on Escape). */
  readonly onValueChange: (value: string) => void;
  /** The accessible label (default: the placeholder, else 'Search'). */
  readonly label?: string;
}

/**
 * A search box (`xv-search`, role searchbox): a search icon, the input, and a clear button while it
 * has text. Escape clears it.
 * @public
 */
export const VoiceSearchInput = forwardRef<HTMLInputElement, VoiceSearchInputProps>(
  function VoiceSearchInput(
    { value, onValueChange, label, placeholder, className, onKeyDown, ...rest },
    ref,
  ) {
    const { t } = useVoiceMessages();
    const id = useId();
    const name = label ?? placeholder ?? t('search');
    return (
      <div className={cx('xv-search', className)}>
        <Search className="xv-search__icon" size={16} aria-hidden="true" />
        <input
          ref={ref}
          id={id}
          type="search"
          className="xv-search__input"
          aria-label={name}
          placeholder={placeholder ?? t('search')}
          value={value}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onValueChange(e.target.value)}
          onKeyDown={(e) => {
            onKeyDown?.(e);
            if (e.key === 'Escape' && value) {
              e.preventDefault();
              e.stopPropagation();
              onValueChange('');
            }
          }}
          {...rest}
        />
        {value && (
          <button
            type="button"
            className="xv-search__clear"
            aria-label={t('clearSearch')}
            onClick={() => onValueChange('')}
          >
            <X size={14} aria-hidden="true" />
          </button>
        )}
      </div>
    );
  },
);
