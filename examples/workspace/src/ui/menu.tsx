import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';

/** The landmark (banner, main, navigation, region) that holds an element, for portals. */
function landmarkOf(element: Element | null): HTMLElement | undefined {
  return (
    (element?.closest(
      'header, main, nav, aside, section[aria-label], [role="region"]',
    ) as HTMLElement | null) ?? undefined
  );
}

/** A dropdown menu opened by its `trigger` (Radix DropdownMenu). */
export function Menu({
  trigger,
  children,
  align = 'end',
  label,
}: {
  readonly trigger: ReactElement;
  readonly children: ReactNode;
  readonly align?: 'start' | 'center' | 'end';
  /** Accessible name of the menu. */
  readonly label?: string;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [container, setContainer] = useState<HTMLElement | undefined>();
  return (
    // Not modal: the page stays in the accessibility tree (no aria-hidden on the app root). The
    // menu renders inside its trigger's landmark, so that all content stays within landmarks.
    <RadixMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open) setContainer(landmarkOf(triggerRef.current));
      }}
    >
      <RadixMenu.Trigger asChild ref={triggerRef}>
        {trigger}
      </RadixMenu.Trigger>
      <RadixMenu.Portal container={container}>
        <RadixMenu.Content
          className="ui-menu-content"
          align={align}
          sideOffset={6}
          aria-label={label}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

/** One menu item. */
export function MenuItem({
  children,
  onSelect,
  icon,
  danger,
  disabled,
  'data-testid': testId,
}: {
  readonly children: ReactNode;
  readonly onSelect?: () => void;
  readonly icon?: ReactNode;
  readonly danger?: boolean;
  readonly disabled?: boolean;
  readonly 'data-testid'?: string;
}) {
  return (
    <RadixMenu.Item
      className="ui-menu-item"
      onSelect={onSelect}
      data-danger={danger ? '' : undefined}
      disabled={disabled}
      data-testid={testId}
    >
      {icon}
      {children}
    </RadixMenu.Item>
  );
}

/** A menu item that is a radio choice among its {@link MenuRadioGroup}. */
export function MenuRadioItem({
  value,
  children,
  'data-testid': testId,
}: {
  readonly value: string;
  readonly children: ReactNode;
  readonly 'data-testid'?: string;
}) {
  return (
    <RadixMenu.RadioItem className="ui-menu-item" value={value} data-testid={testId}>
      {children}
      <RadixMenu.ItemIndicator style={{ marginLeft: 'auto' }}>✓</RadixMenu.ItemIndicator>
    </RadixMenu.RadioItem>
  );
}

export const MenuRadioGroup = RadixMenu.RadioGroup;

/** A heading inside a menu. */
export function MenuLabel({ children }: { readonly children: ReactNode }) {
  return <RadixMenu.Label className="ui-menu-label">{children}</RadixMenu.Label>;
}

/** A line between menu groups. */
export function MenuSeparator() {
  return <RadixMenu.Separator className="ui-menu-separator" />;
}
