import { ChevronDown } from 'lucide-react';

/** One choice of a {@link Select}. */
export interface SelectOption<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** Props of {@link Select}. */
export interface SelectProps<T extends string> {
  readonly value: T;
  readonly onValueChange: (value: T) => void;
  readonly options: readonly SelectOption<T>[];
  /** The accessible name of the control. */
  readonly label: string;
  readonly id?: string;
  readonly disabled?: boolean;
  readonly 'data-testid'?: string;
}

/**
 * A single-choice dropdown. It is the platform's `<select>` (styled): fully accessible, native
 * on touch screens, and it ships no JavaScript of its own.
 */
export function Select<T extends string>({
  value,
  onValueChange,
  options,
  label,
  id,
  disabled,
  'data-testid': testId,
}: SelectProps<T>) {
  return (
    <span className="ui-select">
      <select
        className="ui-select-trigger"
        aria-label={label}
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onValueChange(e.target.value as T)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="ui-select__icon" />
    </span>
  );
}
