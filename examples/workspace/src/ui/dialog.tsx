import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { IconButton } from './icon-button';

/** Props of {@link Dialog}. */
export interface DialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** Width in pixels on screens wide enough (default 480). */
  readonly width?: number;
  readonly children?: ReactNode;
  readonly footer?: ReactNode;
  readonly 'data-testid'?: string;
}

/** A modal dialog with a title, an optional description, a body and a footer. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  width = 480,
  children,
  footer,
  'data-testid': testId,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog-overlay" />
        <RadixDialog.Content
          className="ui-dialog-content"
          style={{ '--dialog-width': `${width}px` } as CSSProperties}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-dialog-header">
            <div>
              <RadixDialog.Title className="ui-dialog-title">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="ui-dialog-description">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close asChild>
              <IconButton label="Close" tooltip={false}>
                <X aria-hidden="true" />
              </IconButton>
            </RadixDialog.Close>
          </div>
          {children}
          {footer ? <div className="ui-dialog-footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
