import { ChevronDown } from 'lucide-react';
import { forwardRef } from 'react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from './cx';

/** Props of {@link VoiceSelect}. @public */
export interface VoiceSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The `<option>` elements. */
  readonly children?: ReactNode;
}

/**
 * A native select (`xv-select`): the platform's own accessible list, styled like the other fields.
 * @public
 */
export const VoiceSelect = forwardRef<HTMLSelectElement, VoiceSelectProps>(function VoiceSelect(
  { className, children, ...rest },
  ref,
) {
  return (
    <span className={cx('xv-select', className)}>
      <select ref={ref} className="xv-select__input" {...rest}>
        {children}
      </select>
      <ChevronDown className="xv-select__chevron" size={16} aria-hidden="true" />
    </span>
  );
});
