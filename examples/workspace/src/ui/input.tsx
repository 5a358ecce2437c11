import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

/** Props of {@link Input}. */
export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** An icon shown inside the field, before the text. */
  readonly icon?: ReactNode;
}

/** A text input. Wrap it in {@link Field} for a label, a hint and an error. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { icon, className, ...rest },
  ref,
) {
  const input = <input ref={ref} className={`ui-input ${className ?? ''}`} {...rest} />;
  return icon ? (
    <span className="ui-input-wrap">
      {icon}
      {input}
    </span>
  ) : (
    input
  );
});

/** A multi-line text input. */
export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...rest }, ref) {
  return <textarea ref={ref} className={`ui-textarea ${className ?? ''}`} {...rest} />;
});

/** Props of {@link Field}. */
export interface FieldProps {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | null;
  /** Renders the control with the ids that tie it to the label, hint and error. */
  readonly children: (control: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean;
  }) => ReactNode;
}

/** A labelled form field with an optional hint and error message. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <span id={hintId} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="ui-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
