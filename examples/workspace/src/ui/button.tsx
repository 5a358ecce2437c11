import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  readonly size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner and disables the button while work is in progress. */
  readonly loading?: boolean;
  /** Stretches the button to the width of its container. */
  readonly block?: boolean;
  readonly icon?: ReactNode;
}

/** The app's button; `variant` picks the emphasis, `loading` shows progress. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    loading = false,
    block,
    icon,
    children,
    type = 'button',
    disabled,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className="ui-button"
      data-variant={variant}
      data-size={size}
      data-block={block ? '' : undefined}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="ui-spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
});

/** A spinner for inline progress. */
export function Spinner({ label }: { readonly label?: string }) {
  return (
    <span
      className="ui-spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
