import type { ReactNode } from 'react';
import { Button } from '../../../ui';

/**
 * The save row of a settings form: any other actions (discard, test), then the primary submit
 * button, busy while the save runs and off while `disabled` (usually: nothing changed yet).
 * `sticky` keeps it at the bottom of a long page (`settings-form__footer`); otherwise it closes
 * a card's form (`settings-form__actions`).
 */
export function SettingsFormFooter({
  label,
  saving,
  disabled,
  sticky = false,
  children,
  'data-testid': testId,
}: {
  readonly label: ReactNode;
  readonly saving: boolean;
  readonly disabled: boolean;
  readonly sticky?: boolean;
  /** The other actions, before the save button. */
  readonly children?: ReactNode;
  readonly 'data-testid': string;
}) {
  return (
    <div className={sticky ? 'settings-form__footer' : 'settings-form__actions'}>
      {children}
      <Button
        type="submit"
        variant="primary"
        loading={saving}
        disabled={disabled}
        data-testid={testId}
      >
        {label}
      </Button>
    </div>
  );
}
