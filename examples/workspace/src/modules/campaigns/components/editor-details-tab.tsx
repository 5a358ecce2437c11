import { CalendarClock, Send } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button, Field, Input } from '../../../ui';

/** A send time on the workspace clock, as the date and time inputs hold it. */
export interface LocalSendTime {
  readonly date: string;
  readonly time: string;
}

/**
 * The campaign editor's Details tab: the campaign's name, when to send it (now or at a time on
 * the workspace clock), what still blocks sending, and the button that sends or schedules it.
 */
export function DetailsTab({
  timeZone,
  name,
  onNameChange,
  sendMode,
  onSendModeChange,
  local,
  onLocalChange,
  problems,
  scheduling,
  onSchedule,
}: {
  readonly timeZone: string;
  readonly name: string;
  readonly onNameChange: (name: string) => void;
  readonly sendMode: 'now' | 'later';
  readonly onSendModeChange: (mode: 'now' | 'later') => void;
  readonly local: LocalSendTime;
  readonly onLocalChange: Dispatch<SetStateAction<LocalSendTime>>;
  readonly problems: readonly string[] | null;
  readonly scheduling: boolean;
  readonly onSchedule: () => void;
}) {
  return (
    <div className="cmp-split">
      <section className="ui-card cmp-card" aria-labelledby="details-title">
        <header className="cmp-card__header">
          <h2 id="details-title" className="cmp-card__title">
            Details
          </h2>
        </header>
        <div className="cmp-card__body cmp-fields">
          <Field label="Campaign name">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={120}
                onChange={(e) => onNameChange(e.target.value)}
                data-testid="campaign-name"
              />
            )}
          </Field>
          <fieldset className="cmp-when">
            <legend className="ui-field__label">When to send</legend>
            <label className="cmp-radio">
              <input
                type="radio"
                name="send-mode"
                checked={sendMode === 'now'}
                onChange={() => onSendModeChange('now')}
                data-testid="send-now"
              />
              Send now
            </label>
            <label className="cmp-radio">
              <input
                type="radio"
                name="send-mode"
                checked={sendMode === 'later'}
                onChange={() => onSendModeChange('later')}
                data-testid="send-later"
              />
              Schedule for later
            </label>
            {sendMode === 'later' ? (
              <div className="cmp-when__at">
                <Field label="Date">
                  {(control) => (
                    <Input
                      {...control}
                      type="date"
                      value={local.date}
                      onChange={(e) => onLocalChange((l) => ({ ...l, date: e.target.value }))}
                      data-testid="schedule-date"
                    />
                  )}
                </Field>
                <Field label="Time">
                  {(control) => (
                    <Input
                      {...control}
                      type="time"
                      value={local.time}
                      onChange={(e) => onLocalChange((l) => ({ ...l, time: e.target.value }))}
                      data-testid="schedule-time"
                    />
                  )}
                </Field>
                <p className="cmp-muted cmp-when__zone" data-testid="schedule-zone">
                  Times are in the workspace time zone, {timeZone}.
                </p>
              </div>
            ) : null}
          </fieldset>
          {problems && problems.length > 0 ? (
            <div className="cmp-problems" role="alert" data-testid="campaign-problems">
              <p className="cmp-problems__title">Before it can be sent:</p>
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="cmp-actions">
            <Button
              variant="primary"
              icon={
                sendMode === 'now' ? (
                  <Send aria-hidden="true" />
                ) : (
                  <CalendarClock aria-hidden="true" />
                )
              }
              loading={scheduling}
              onClick={onSchedule}
              data-testid="schedule-campaign"
            >
              {sendMode === 'now' ? 'Send now' : 'Schedule campaign'}
            </Button>
          </div>
        </div>
      </section>
      <aside className="cmp-aside">
        <h2 className="cmp-aside__title">Nothing is sent until you confirm</h2>
        <p className="cmp-muted">
          Drafts can be changed at any time. Once scheduled, a campaign waits for its time;
          unschedule it to change it again. Recipients are taken from the audience when sending
          starts.
        </p>
      </aside>
    </div>
  );
}
