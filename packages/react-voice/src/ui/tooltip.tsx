import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

/** Props of {@link VoiceTooltip}. @public */
export interface VoiceTooltipProps {
  /** The tooltip text (nothing renders a tooltip when empty). */
  readonly content: ReactNode;
  /** The element it describes (a focusable element, or wrapped in one). */
  readonly children: ReactElement;
  /** Where the tooltip shows, relative to the element (default `top`). */
  readonly side?: 'top' | 'right' | 'bottom' | 'left';
  /** Open it on its own (tests, onboarding); otherwise on hover and focus. */
  readonly open?: boolean;
  /** Milliseconds of hover before it opens (default 300). */
  readonly delayDuration?: number;
}

/**
 * A tooltip (Radix Tooltip) shown on hover and keyboard focus, in a portal, with the `xv` theme.
 * @public
 */
export function VoiceTooltip(props: VoiceTooltipProps): ReactElement {
  const { content, children, side = 'top', open, delayDuration = 300 } = props;
  if (content === null || content === undefined || content === '') return children;
  return (
    <Tooltip.Provider delayDuration={delayDuration}>
      <Tooltip.Root open={open}>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            className="xv xv-tooltip"
            side={side}
            sideOffset={6}
            collisionPadding={8}
          >
            {content}
            <Tooltip.Arrow className="xv-tooltip__arrow" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
