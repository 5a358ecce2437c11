import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useVoiceMessages } from '../i18n/context';
import { cx } from './cx';
import { IconButton } from './icon-button';

/** Props of {@link VoiceActionSheet}. @internal */
export interface VoiceActionSheetProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** What the actions are about (the sheet's title). */
  readonly title: ReactNode;
  /** A line under the title. */
  readonly description?: ReactNode;
  /** The actions: {@link VoiceActionSheetItem}s. */
  readonly children?: ReactNode;
  readonly className?: string;
  /** `data-testid` of the sheet. */
  readonly testId?: string;
}

/**
 * A mobile-style action dropdown (Radix Dialog): a sheet sliding up from the bottom edge with a
 * title, a list of actions and a close button; Escape, the close button or a tap outside close it,
 * and focus returns to what opened it.
 * @internal
 */
export function VoiceActionSheet(props: VoiceActionSheetProps): ReactElement {
  const { open, onOpenChange, title, description, children, className, testId } = props;
  const { t } = useVoiceMessages();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="xv xv-sheet-overlay" />
        <Dialog.Content className={cx('xv xv-sheet', className)} data-testid={testId}>
          <span className="xv-sheet__grip" aria-hidden="true" />
          <div className="xv-sheet__header">
            <div className="xv-sheet__heading">
              <Dialog.Title className="xv-sheet__title">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="xv-sheet__description">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="xv-visually-hidden">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <IconButton
                label={t('close')}
                tooltip={false}
                icon={<X size={18} aria-hidden="true" />}
              />
            </Dialog.Close>
          </div>
          <div className="xv-sheet__actions" role="group">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Props of {@link VoiceActionSheetItem}. @internal */
export interface VoiceActionSheetItemProps {
  readonly icon?: ReactNode;
  readonly disabled?: boolean;
  /** Runs the action; the sheet then closes. */
  readonly onSelect: () => void;
  readonly children: ReactNode;
}

/**
 * One action of a {@link VoiceActionSheet} (a full-width button that closes the sheet).
 * @internal
 */
export function VoiceActionSheetItem(props: VoiceActionSheetItemProps): ReactElement {
  const { icon, disabled, onSelect, children } = props;
  return (
    <Dialog.Close asChild>
      <button type="button" className="xv-sheet__item" disabled={disabled} onClick={onSelect}>
        <span className="xv-sheet__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="xv-sheet__text">{children}</span>
      </button>
    </Dialog.Close>
  );
}

/** A heading between groups of actions in a {@link VoiceActionSheet}. @internal */
export function VoiceActionSheetLabel(props: { readonly children: ReactNode }): ReactElement {
  return <p className="xv-sheet__label">{props.children}</p>;
}
