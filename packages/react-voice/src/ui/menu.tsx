import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, ElementRef, ReactElement, ReactNode } from 'react';
import { cx } from './cx';

/** The dropdown menu root (Radix DropdownMenu). @public */
export const VoiceMenu = Menu.Root;
/** The element that opens the menu (use `asChild`). @public */
export const VoiceMenuTrigger = Menu.Trigger;
/** A group of items. @public */
export const VoiceMenuGroup = Menu.Group;
/** A group of radio items (one value). @public */
export const VoiceMenuRadioGroup = Menu.RadioGroup;

/** Props of {@link VoiceMenuContent}. @public */
export type VoiceMenuContentProps = ComponentPropsWithoutRef<typeof Menu.Content> & {
  /**
   * Where the popup is portalled (default `document.body`): e.g. the landmark its trigger is in,
   * so that a non-modal menu's content stays within the page's landmarks.
   */
  readonly container?: HTMLElement | null;
};

/**
 * The menu's popup, portalled, with the `xv` theme (`xv-menu`).
 * @public
 */
export const VoiceMenuContent = forwardRef<ElementRef<typeof Menu.Content>, VoiceMenuContentProps>(
  function VoiceMenuContent(
    { className, sideOffset = 6, collisionPadding = 8, container, ...rest },
    ref,
  ) {
    return (
      <Menu.Portal container={container ?? undefined}>
        <Menu.Content
          ref={ref}
          className={cx('xv xv-menu', className)}
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          {...rest}
        />
      </Menu.Portal>
    );
  },
);

/** Props of {@link VoiceMenuItem}. @public */
export interface VoiceMenuItemProps extends ComponentPropsWithoutRef<typeof Menu.Item> {
  /** An icon before the text. */
  readonly icon?: ReactNode;
  /** Text or an element at the end of the row (a shortcut, a badge). */
  readonly end?: ReactNode;
}

/**
 * A menu item (role menuitem) with an optional icon.
 * @public
 */
export const VoiceMenuItem = forwardRef<ElementRef<typeof Menu.Item>, VoiceMenuItemProps>(
  function VoiceMenuItem({ className, icon, end, children, ...rest }, ref) {
    return (
      <Menu.Item ref={ref} className={cx('xv-menu__item', className)} {...rest}>
        <span className="xv-menu__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="xv-menu__text">{children}</span>
        {end && <span className="xv-menu__end">{end}</span>}
      </Menu.Item>
    );
  },
);

/** Props of {@link VoiceMenuRadioItem}. @public */
export interface VoiceMenuRadioItemProps extends ComponentPropsWithoutRef<typeof Menu.RadioItem> {
  /** An icon before the text. */
  readonly icon?: ReactNode;
}

/**
 * A radio menu item (role menuitemradio) with a check mark when selected.
 * @public
 */
export const VoiceMenuRadioItem = forwardRef<
  ElementRef<typeof Menu.RadioItem>,
  VoiceMenuRadioItemProps
>(function VoiceMenuRadioItem({ className, icon, children, ...rest }, ref) {
  return (
    <Menu.RadioItem ref={ref} className={cx('xv-menu__item', className)} {...rest}>
      <span className="xv-menu__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="xv-menu__text">{children}</span>
      <Menu.ItemIndicator className="xv-menu__end">
        <Check size={16} aria-hidden="true" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
});

/** A heading (or a note) inside the menu. @public */
export function VoiceMenuLabel(props: {
  readonly children: ReactNode;
  readonly id?: string;
  readonly className?: string;
}): ReactElement {
  return (
    <Menu.Label id={props.id} className={props.className ?? 'xv-menu__label'}>
      {props.children}
    </Menu.Label>
  );
}

/** A line between groups. @public */
export function VoiceMenuSeparator(): ReactElement {
  return <Menu.Separator className="xv-menu__separator" />;
}
