import * as Popover from '@radix-ui/react-popover';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, ElementRef } from 'react';
import { cx } from './cx';

/** The popover root (Radix Popover). @public */
export const VoicePopover = Popover.Root;
/** The element that opens the popover (use `asChild`). @public */
export const VoicePopoverTrigger = Popover.Trigger;
/**
 * What the popover is placed against when that is not its trigger (`virtualRef` for an element
 * of your own). @public
 */
export const VoicePopoverAnchor = Popover.Anchor;
/** Closes the popover (use `asChild`). @public */
export const VoicePopoverClose = Popover.Close;

/**
 * The popover's card, portalled, with the `xv` theme (`xv-popover`); Escape and an outside click
 * close it.
 * @public
 */
export const VoicePopoverContent = forwardRef<
  ElementRef<typeof Popover.Content>,
  ComponentPropsWithoutRef<typeof Popover.Content>
>(function VoicePopoverContent({ className, sideOffset = 6, collisionPadding = 8, ...rest }, ref) {
  return (
    <Popover.Portal>
      <Popover.Content
        ref={ref}
        className={cx('xv xv-popover', className)}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        {...rest}
      />
    </Popover.Portal>
  );
});
