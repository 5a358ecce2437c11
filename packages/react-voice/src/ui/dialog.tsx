import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useVoiceMessages } from '../i18n/context';
import { cx } from './cx';
import { IconButton } from './icon-button';

/** Props of {@link VoiceDialog}. @public */
export interface VoiceDialogProps {
  /** Whether the dialog is open (controlled). */
  readonly open: boolean;
  /** Called when the dialog asks to open or close (Escape, close button, outside click). */
  readonly onOpenChange: (open: boolean) => void;
  /** The title (the dialog's accessible name). */
  readonly title: ReactNode;
  /** A description under the title (also the dialog's accessible description). */
  readonly description?: ReactNode;
  /** The dialog's width in px (it never exceeds the viewport less 16 px a side). */
  readonly width: number;
  /** Buttons beside the close button in the header (a refresh button). */
  readonly headerActions?: ReactNode;
  /** The action row at the bottom. */
  readonly footer?: ReactNode;
  /** `alert` for a confirmation (role alertdialog, no close on outside click). */
  readonly role?: 'dialog' | 'alert';
  /** Extra class names of the dialog's content. */
  readonly className?: string;
  /** The dialog's body. */
  readonly children?: ReactNode;
  /** `data-testid` of the dialog. */
  readonly testId?: string;
}

/**
 * A modal dialog (Radix Dialog): overlay, a header with the title, optional actions and a close
 * button, a body and a footer, `data-state` open/closed. Escape and the close button close it;
 * focus moves to the element marked `data-autofocus` (else the dialog), is trapped inside, and
 * returns to the element that had it before the dialog opened (the button that opened it), also
 * when the host opens the dialog itself (`open`) rather than through a Radix trigger.
 * @public
 */
export function VoiceDialog(props: VoiceDialogProps): ReactElement {
  const { open, onOpenChange, title, description, width, headerActions, footer, children } = props;
  const { t } = useVoiceMessages();
  const alert = props.role === 'alert';
  // The element focused before opening, to return to: a controlled dialog has no Radix trigger.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="xv xv-dialog-overlay" />
        <Dialog.Content
          className={cx('xv xv-dialog', props.className)}
          style={{ width: `min(${width}px, calc(100vw - 16px))` }}
          role={alert ? 'alertdialog' : 'dialog'}
          data-testid={props.testId}
          onOpenAutoFocus={(e) => {
            const content = e.currentTarget as HTMLElement;
            const before = content.ownerDocument.activeElement;
            returnFocus.current = before instanceof HTMLElement ? before : null;
            // Focus the element marked `data-autofocus` (a search box), else the dialog itself, so
            // that the close button's tooltip does not pop up on open.
            e.preventDefault();
            const target = content.querySelector<HTMLElement>('[data-autofocus]') ?? content;
            target.focus();
          }}
          onCloseAutoFocus={(e) => {
            const target = returnFocus.current;
            returnFocus.current = null;
            if (target?.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={alert ? (e) => e.preventDefault() : undefined}
          onInteractOutside={alert ? (e) => e.preventDefault() : undefined}
        >
          {/* not a <header>: at the top of the page's tree it would be a second banner landmark */}
          <div className="xv-dialog__header">
            <Dialog.Title className="xv-dialog__title">{title}</Dialog.Title>
            <div className="xv-dialog__actions">
              {headerActions}
              {!alert && (
                <Dialog.Close asChild>
                  <IconButton label={t('close')} icon={<X size={18} aria-hidden="true" />} />
                </Dialog.Close>
              )}
            </div>
          </div>
          {description ? (
            <Dialog.Description className="xv-dialog__description">
              {description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="xv-visually-hidden">{title}</Dialog.Description>
          )}
          {children !== undefined && <div className="xv-dialog__body">{children}</div>}
          {footer && <footer className="xv-dialog__footer">{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the nearest {@link VoiceDialog} (Radix `Dialog.Close`, use with `asChild`). @public */
export const VoiceDialogClose = Dialog.Close;
