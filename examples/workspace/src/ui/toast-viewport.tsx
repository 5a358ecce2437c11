import * as RadixToast from '@radix-ui/react-toast';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ToastItem, ToastTone } from './toast';

const ICONS: Record<ToastTone, ReactNode> = {
  info: <Info aria-hidden="true" />,
  success: <CheckCircle2 aria-hidden="true" />,
  danger: <XCircle aria-hidden="true" />,
};

/** The Radix toast viewport; loaded with the first toast. */
export function ToastViewport({
  list,
  dismiss,
}: {
  readonly list: readonly ToastItem[];
  readonly dismiss: (id: number) => void;
}) {
  return (
    <RadixToast.Provider duration={6000} swipeDirection="right">
      {list.map((t) => (
        <RadixToast.Root
          key={t.id}
          className="ui-toast"
          data-tone={t.tone}
          data-testid="toast"
          type={t.tone === 'danger' || t.action ? 'foreground' : 'background'}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
        >
          <span className="ui-toast__icon">{ICONS[t.tone]}</span>
          <div>
            <RadixToast.Title className="ui-toast__title">{t.title}</RadixToast.Title>
            {t.description ? (
              <RadixToast.Description className="ui-toast__body">
                {t.description}
              </RadixToast.Description>
            ) : null}
            {t.action ? (
              <RadixToast.Action
                className="ui-button ui-toast__action"
                data-variant="primary"
                data-size="sm"
                altText={t.action.label}
                onClick={t.action.onClick}
              >
                {t.action.label}
              </RadixToast.Action>
            ) : null}
          </div>
          <RadixToast.Close className="ui-icon-button" data-size="sm" aria-label="Dismiss">
            <X aria-hidden="true" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="ui-toast-viewport" label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  );
}
