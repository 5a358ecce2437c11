import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { VoiceTooltip } from './tooltip';
import type { VoiceButtonVariant } from './button';

/** Props of {@link IconButton}. @public */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name, also shown as its tooltip. */
  readonly label: string;
  /** The icon (a lucide icon, or any element). */
  readonly icon: ReactNode;
  /** The look (default `ghost`). */
  readonly variant?: VoiceButtonVariant;
  /** `sm` 28 px, `md` 32 px, `lg` 44 px (call controls). */
  readonly size?: 'sm' | 'md' | 'lg';
  /** Round (call controls) or square with rounded corners. */
  readonly shape?: 'round' | 'square';
  /** A toggle's pressed state (`aria-pressed`, `data-state="on"|"off"`). */
  readonly pressed?: boolean;
  /** Show the label as a tooltip on hover and focus (default true). */
  readonly tooltip?: boolean;
}

/**
 * A button with only an icon (`xv-icon-btn`): its label is its accessible name and its tooltip.
 * @public
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    icon,
    variant = 'ghost',
    size = 'md',
    shape = 'square',
    pressed,
    tooltip = true,
    className,
    type = 'button',
    ...rest
  },
  ref,
) {
  const button = (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      aria-pressed={pressed}
      data-state={pressed === undefined ? undefined : pressed ? 'on' : 'off'}
      className={cx('xv-icon-btn', className)}
      data-variant={variant}
      data-size={size}
      data-shape={shape}
      {...rest}
    >
      {icon}
    </button>
  );
  return tooltip ? <VoiceTooltip content={label}>{button}</VoiceTooltip> : button;
});
