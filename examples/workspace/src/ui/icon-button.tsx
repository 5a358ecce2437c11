import { forwardRef } from 'react';
import type { ButtonHTMLAttributes } from 'react';
import { Tooltip } from './tooltip';

/** Props of {@link IconButton}: `label` is the accessible name and the tooltip. */
export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly label: string;
  readonly size?: 'sm' | 'md';
  /** Shows the label as a tooltip on hover and focus (default true). */
  readonly tooltip?: boolean;
}

/** A square button with only an icon; named by `label`, which also shows as its tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, size = 'md', tooltip = true, children, type = 'button', ...rest },
  ref,
) {
  const button = (
    <button
      ref={ref}
      type={type}
      className="ui-icon-button"
      data-size={size}
      aria-label={label}
      {...rest}
    >
      {children}
    </button>
  );
  return tooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
});
