import { AlarmClock, X } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatDateTime } from '../../../lib/format';
import {
  Badge,
  Button,
  Dialog,
  Field,
  Input,
  Menu,
  MenuItem,
  MenuSeparator,
  Select,
} from '../../../ui';
import type { BadgeTone } from '../../../ui';
import type { ConversationPriority, ConversationStatus, Tag } from '../api/types';

/** What each conversation status is called on screen, and its badge tone. */
export const STATUS_LABEL: Record<ConversationStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  snoozed: 'Snoozed',
  closed: 'Closed',
};
export const STATUS_TONE: Record<ConversationStatus, BadgeTone> = {
  open: 'accent',
  pending: 'warning',
  snoozed: 'info',
  closed: 'neutral',
};

/** What each priority is called on screen, and its badge tone. */
export const PRIORITY_LABEL: Record<ConversationPriority, string> = {
  none: 'No priority',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
const PRIORITY_TONE: Record<ConversationPriority, BadgeTone> = {
  none: 'neutral',
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'danger',
};
export const PRIORITY_OPTIONS = (
  Object.entries(PRIORITY_LABEL) as [ConversationPriority, string][]
).map(([value, label]) => ({ value, label }));

/** A conversation's priority as a small badge (nothing for no priority). */
export function PriorityBadge({ priority }: { readonly priority: ConversationPriority }) {
  if (priority === 'none') return null;
  return (
    <Badge tone={PRIORITY_TONE[priority]} data-testid="priority-badge">
      {PRIORITY_LABEL[priority]}
    </Badge>
  );
}

/** The usual snooze times from `now`: in an hour, this evening, tomorrow morning, next week. */
export function snoozeChoices(now: Date): { readonly label: string; readonly until: Date }[] {
  const at = (days: number, hour: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() + days);
    d.setHours(hour, 0, 0, 0);
    return d;
  };
  const choices = [{ label: 'In 1 hour', until: new Date(now.getTime() + 3_600_000) }];
  if (now.getHours() < 17) choices.push({ label: 'This evening (18:00)', until: at(0, 18) });
  choices.push({ label: 'Tomorrow (09:00)', until: at(1, 9) });
  // Next Monday (a week today when today is Monday).
  const toMonday = (8 - now.getDay()) % 7 || 7;
  choices.push({ label: 'Next week (Monday 09:00)', until: at(toMonday, 9) });
  return choices;
}

/** `datetime-local` value of a date in the browser's time zone. */
function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A Snooze button: the usual times, or one picked in a dialog. */
export function SnoozeMenu({
  onSnooze,
  disabled,
  'data-testid': testId,
}: {
  readonly onSnooze: (until: Date) => void;
  readonly disabled?: boolean;
  readonly 'data-testid'?: string;
}) {
  const [picking, setPicking] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setValue(localInputValue(new Date(Date.now() + 3_600_000)));
    setError(null);
    setPicking(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const until = new Date(value);
    if (Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      setError('Choose a time in the future.');
      return;
    }
    setPicking(false);
    onSnooze(until);
  };
  return (
    <>
      <Menu
        label="Snooze until"
        trigger={
          <Button variant="secondary" disabled={disabled} data-testid={testId}>
            <AlarmClock aria-hidden="true" />
            Snooze
          </Button>
        }
      >
        {snoozeChoices(new Date()).map((choice) => (
          <MenuItem key={choice.label} onSelect={() => onSnooze(choice.until)}>
            {choice.label}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem onSelect={open}>Pick a date and time…</MenuItem>
      </Menu>
      <Dialog
        open={picking}
        onOpenChange={setPicking}
        title="Snooze until"
        description="The conversation opens again then, or as soon as the customer writes."
        footer={
          <>
            <Button variant="secondary" onClick={() => setPicking(false)}>
              Cancel
            </Button>
            <Button type="submit" form="snooze-form">
              Snooze
            </Button>
          </>
        }
      >
        <form id="snooze-form" onSubmit={submit}>
          <Field label="Date and time" error={error}>
            {(c) => (
              <Input
                {...c}
                type="datetime-local"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                required
              />
            )}
          </Field>
        </form>
      </Dialog>
    </>
  );
}

/** "Snoozed until …" for a snoozed conversation. */
export function snoozedLabel(until: string | null): string | null {
  return until ? `Snoozed until ${formatDateTime(until)}` : null;
}

/** A conversation's tags, each removable, and a picker to add one of the workspace's. */
export function TagEditor({
  tags,
  allTags,
  onChange,
  disabled,
}: {
  readonly tags: readonly Tag[];
  readonly allTags: readonly Tag[];
  readonly onChange: (tagIds: string[]) => void;
  readonly disabled?: boolean;
}) {
  const ids = tags.map((t) => t.id);
  const addable = allTags.filter((t) => !ids.includes(t.id));
  return (
    <div className="tag-editor" data-testid="tag-editor">
      <ul className="tag-editor__tags" aria-label="Tags">
        {tags.map((tag) => (
          <li key={tag.id} className="tag-editor__tag">
            <span>#{tag.name}</span>
            <button
              type="button"
              className="tag-editor__remove"
              aria-label={`Remove tag ${tag.name}`}
              disabled={disabled}
              onClick={() => onChange(ids.filter((id) => id !== tag.id))}
            >
              <X aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {addable.length > 0 ? (
        <Select
          label="Add a tag"
          value=""
          options={[
            { value: '', label: 'Add a tag…' },
            ...addable.map((t) => ({ value: t.id, label: `#${t.name}` })),
          ]}
          disabled={disabled}
          onValueChange={(id) => {
            if (id) onChange([...ids, id]);
          }}
          data-testid="tag-add"
        />
      ) : null}
    </div>
  );
}
