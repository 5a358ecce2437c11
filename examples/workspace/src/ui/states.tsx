import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/** What to show when a list or screen has nothing yet. */
export function EmptyState({
  title,
  body,
  icon = <Inbox aria-hidden="true" />,
  actions,
  headingLevel,
  'data-testid': testId,
}: {
  readonly title: string;
  readonly body?: ReactNode;
  readonly icon?: ReactNode;
  readonly actions?: ReactNode;
  /** The heading level of the title when the state is the screen's main content (a 404). */
  readonly headingLevel?: 1 | 2;
  readonly 'data-testid'?: string;
}) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div className="ui-state" data-testid={testId}>
      <div className="ui-state__icon">{icon}</div>
      <Title className="ui-state__title">{title}</Title>
      {body ? <p className="ui-state__body">{body}</p> : null}
      {actions ? <div className="ui-state__actions">{actions}</div> : null}
    </div>
  );
}

/** What to show when loading failed; offers a retry when one is possible. */
export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  'data-testid': testId,
}: {
  readonly title?: string;
  readonly error?: unknown;
  readonly onRetry?: () => void;
  readonly 'data-testid'?: string;
}) {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <div className="ui-state" data-tone="danger" role="alert" data-testid={testId}>
      <div className="ui-state__icon">
        <AlertTriangle aria-hidden="true" />
      </div>
      <p className="ui-state__title">{title}</p>
      {message ? <p className="ui-state__body">{message}</p> : null}
      {onRetry ? (
        <div className="ui-state__actions">
          <Button onClick={onRetry}>Try again</Button>
        </div>
      ) : null}
    </div>
  );
}
