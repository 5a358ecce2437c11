import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

/** The look of a button. @public */
export type VoiceButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'success';

/** Props of {@link VoiceButton}. @public */
export interface VoiceButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The look (default `secondary`). */
  readonly variant?: VoiceButtonVariant;
  /** The height: `sm`, `md` (default) or `lg`. */
  readonly size?: 'sm' | 'md' | 'lg';
  /** An icon before the label. */
  readonly icon?: ReactNode;
  /** Stretches to its container's width. */
  readonly block?: boolean;
}

/**
 * A text button of the voice components (`xv-btn`), `data-variant` and `data-size` for styling.
 * @public
 */
export const VoiceButton = forwardRef<HTMLButtonElement, VoiceButtonProps>(function VoiceButton(
  {
    variant = 'secondary',
    size = 'md',
    icon,
    block,
    className,
    children,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx('xv-btn', block && 'xv-btn--block', className)}
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      {icon}
      {children !== undefined && <span className="xv-btn__label">{children}</span>}
    </button>
  );
});
