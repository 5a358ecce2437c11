import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../ui';

/**
 * The parts of the settings lists edited in place (call dispositions, contact attributes): the
 * rows, each with its remove button, and the form below them that adds a row.
 */
export function RemovableRows<T>({
  label,
  items,
  rowKey,
  rowTestId,
  removeLabel,
  onRemove,
  children,
}: {
  readonly label: string;
  readonly items: readonly T[];
  readonly rowKey: (item: T) => string;
  readonly rowTestId: string;
  readonly removeLabel: (item: T) => string;
  readonly onRemove: (item: T) => void;
  /** What a row shows before its remove button. */
  readonly children: (item: T) => ReactNode;
}) {
  return (
    <ul className="settings-dispositions" aria-label={label}>
      {items.map((item) => (
        <li key={rowKey(item)} data-testid={rowTestId}>
          {children(item)}
          <IconButton label={removeLabel(item)} size="sm" onClick={() => onRemove(item)}>
            <Trash2 aria-hidden="true" />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}

/** The form that adds a row to an editable list: its submit (Enter or the Add button) calls `onAdd`. */
export function AddRowForm({
  onAdd,
  children,
}: {
  readonly onAdd: () => void;
  readonly children: ReactNode;
}) {
  return (
    <form
      className="settings-dispositions__add"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onAdd();
      }}
    >
      {children}
    </form>
  );
}
