import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';

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
  /** The accessible name of the trigger. */
  readonly label: string;
  readonly id?: string;
  readonly disabled?: boolean;
  readonly 'data-testid'?: string;
}

/** A single-choice dropdown (Radix Select). */
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
    <RadixSelect.Root
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      disabled={disabled}
    >
      <RadixSelect.Trigger
        className="ui-select-trigger"
        aria-label={label}
        id={id}
        data-testid={testId}
      >
        <RadixSelect.Value />
        <RadixSelect.Icon>
          <ChevronDown aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="ui-select-content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="ui-select-item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator style={{ marginLeft: 'auto' }}>
                  <Check aria-hidden="true" width={14} height={14} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
