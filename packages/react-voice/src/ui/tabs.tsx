import * as Tabs from '@radix-ui/react-tabs';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, ElementRef, ReactNode } from 'react';
import { cx } from './cx';

/** The tabs root (Radix Tabs; arrow keys move between tabs). @public */
export const VoiceTabs = Tabs.Root;

/** The row of tabs (role tablist, `xv-tabs__list`). @public */
export const VoiceTabsList = forwardRef<
  ElementRef<typeof Tabs.List>,
  ComponentPropsWithoutRef<typeof Tabs.List>
>(function VoiceTabsList({ className, ...rest }, ref) {
  return <Tabs.List ref={ref} className={cx('xv-tabs__list', className)} {...rest} />;
});

/** Props of {@link VoiceTabsTrigger}. @public */
export interface VoiceTabsTriggerProps extends ComponentPropsWithoutRef<typeof Tabs.Trigger> {
  /** A count badge after the label. */
  readonly count?: ReactNode;
}

/** One tab (role tab, `data-state` active/inactive), with an optional count badge. @public */
export const VoiceTabsTrigger = forwardRef<ElementRef<typeof Tabs.Trigger>, VoiceTabsTriggerProps>(
  function VoiceTabsTrigger({ className, count, children, ...rest }, ref) {
    return (
      <Tabs.Trigger ref={ref} className={cx('xv-tabs__trigger', className)} {...rest}>
        <span>{children}</span>
        {count !== undefined && <span className="xv-tabs__count">{count}</span>}
      </Tabs.Trigger>
    );
  },
);

/** A tab's panel (role tabpanel). @public */
export const VoiceTabsContent = forwardRef<
  ElementRef<typeof Tabs.Content>,
  ComponentPropsWithoutRef<typeof Tabs.Content>
>(function VoiceTabsContent({ className, ...rest }, ref) {
  return <Tabs.Content ref={ref} className={cx('xv-tabs__content', className)} {...rest} />;
});
