import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';

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
  return (
    <RadixMenu.Root>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
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
