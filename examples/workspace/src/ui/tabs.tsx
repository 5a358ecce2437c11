import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

/** Tabs root (Radix Tabs); compose with {@link TabsList}, {@link TabsTrigger}, {@link TabsContent}. */
export const Tabs = RadixTabs.Root;

/** The row of tab triggers; `label` names it for assistive technology. */
export function TabsList({
  label,
  children,
}: {
  readonly label: string;
  readonly children: ReactNode;
}) {
  return (
    <RadixTabs.List className="ui-tabs-list" aria-label={label}>
      {children}
    </RadixTabs.List>
  );
}

/** One tab trigger. */
export function TabsTrigger({
  value,
  children,
  ...rest
}: {
  readonly value: string;
  readonly children: ReactNode;
  readonly 'data-testid'?: string;
}) {
  return (
    <RadixTabs.Trigger className="ui-tabs-trigger" value={value} {...rest}>
      {children}
    </RadixTabs.Trigger>
  );
}

/** The panel of one tab. */
export const TabsContent = RadixTabs.Content;
