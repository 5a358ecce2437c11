import { Lock } from 'lucide-react';
import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type {
  Control,
  FieldPathByValue,
  FieldValues,
  Path,
  UseFormSetError,
} from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { EmptyState, ErrorState, SkeletonList } from '../../../ui';

/** An on/off switch (`role="switch"`), labelled by `label`, with an optional description. */
export function Switch({
  checked,
  onCheckedChange,
  label,
  description,
  disabled,
  'data-testid': testId,
}: {
  readonly checked: boolean;
  readonly onCheckedChange: (checked: boolean) => void;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly disabled?: boolean;
  readonly 'data-testid'?: string;
}) {
  const id = useId();
  return (
    <div className="settings-switch" data-disabled={disabled ? '' : undefined}>
      <div className="settings-switch__text">
        <span id={`${id}-label`} className="settings-switch__label">
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className="settings-switch__description">
            {description}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="settings-switch__control"
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        data-state={checked ? 'checked' : 'unchecked'}
        data-testid={testId}
      >
        <span className="settings-switch__thumb" />
      </button>
    </div>
  );
}

/** A {@link Switch} bound to a boolean field of a react-hook-form form. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  'data-testid': testId,
}: {
  readonly control: Control<T>;
  readonly name: FieldPathByValue<T, boolean>;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly 'data-testid'?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          checked={field.value}
          onCheckedChange={field.onChange}
          label={label}
          description={description}
          data-testid={testId}
        />
      )}
    />
  );
}

/** A checkbox with its label (a native input, so forms and keyboards treat it as one). */
export const Checkbox = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
    readonly label: ReactNode;
    readonly description?: ReactNode;
  }
>(function Checkbox({ label, description, className, hidden, ...rest }, ref) {
  const id = useId();
  return (
    <label className={`settings-check ${className ?? ''}`} htmlFor={rest.id ?? id} hidden={hidden}>
      <input ref={ref} type="checkbox" id={rest.id ?? id} {...rest} />
      <span className="settings-check__text">
        <span className="settings-check__label">{label}</span>
        {description ? <span className="settings-check__description">{description}</span> : null}
      </span>
    </label>
  );
});

/** A titled card of a settings page. */
export function SettingsCard({
  title,
  description,
  actions,
  children,
  'data-testid': testId,
}: {
  readonly title?: ReactNode;
  readonly description?: ReactNode;
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly 'data-testid'?: string;
}) {
  const id = useId();
  return (
    <section
      className="ui-card settings-card"
      aria-labelledby={title ? id : undefined}
      data-testid={testId}
    >
      {title ? (
        <header className="settings-card__header">
          <div>
            <h2 id={id} className="settings-card__title">
              {title}
            </h2>
            {description ? <p className="settings-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="settings-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}

/** What a settings screen shows when the server answers 403 (the permit is missing). */
export function ForbiddenState({ error }: { readonly error: ApiError }) {
  return (
    <EmptyState
      icon={<Lock aria-hidden="true" />}
      title="You do not have access"
      body={`${error.message} Ask an admin of the workspace.`}
      data-testid="settings-forbidden"
    />
  );
}

/** Loading, forbidden and error states of a query; renders `children` once data is there. */
export function QueryStates({
  query,
  label,
  rows = 5,
  children,
}: {
  readonly query: {
    readonly isPending: boolean;
    readonly isError: boolean;
    readonly error: unknown;
    refetch: () => unknown;
  };
  readonly label: string;
  readonly rows?: number;
  readonly children: () => ReactNode;
}) {
  if (query.isPending) return <SkeletonList label={`Loading ${label}`} rows={rows} />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 403) return <ForbiddenState error={error} />;
    return (
      <ErrorState
        title={`The ${label} could not be loaded`}
        error={error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children()}</>;
}

/**
 * Puts the field errors of a 400 answer (`issues[].path` like `body.config.clientId`) on the
 * form's fields: `fields` names the form fields (same paths below `body.`) or maps server paths
 * to form fields. Answers whether any error was placed.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | Readonly<Record<string, string>>,
): boolean {
  if (!(error instanceof ApiError) || !error.issues) return false;
  const map: Record<string, string> = Array.isArray(fields)
    ? Object.fromEntries(fields.map((f: string) => [f, f]))
    : (fields as Record<string, string>);
  let placed = false;
  for (const issue of error.issues) {
    const path = issue.path.replace(/^body\./, '');
    const key = Object.keys(map).find((f) => path === f || path.startsWith(`${f}.`));
    if (key) {
      setError(map[key] as Path<T>, { type: 'server', message: issue.message });
      placed = true;
    }
  }
  return placed;
}
