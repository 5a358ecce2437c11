import { ArrowLeft, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Badge, Page } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { formatDateTime } from '../../../lib/format';
import type { IntegrationStatus, MaskedSecret } from '../api/types';
import { SETTINGS_PATHS } from '../messages';

/** The page of one integration: its title, a way back to the list, its form. */
export function IntegrationPage({
  title,
  subtitle,
  testId,
  children,
}: {
  readonly title: string;
  readonly subtitle: string;
  readonly testId: string;
  readonly children: ReactNode;
}) {
  const session = useSession();
  return (
    <Page
      title={title}
      subtitle={subtitle}
      data-testid={testId}
      actions={
        <Link
          to={`${paths.settings(session.slug)}/${SETTINGS_PATHS.integrations}`}
          className="ui-button"
          data-variant="ghost"
        >
          <ArrowLeft aria-hidden="true" />
          All integrations
        </Link>
      }
    >
      {children}
    </Page>
  );
}

/** What is stored for a secret: never the value, only whether one is set and its last characters. */
export function StoredSecret({
  secret,
  testId,
}: {
  readonly secret: MaskedSecret;
  readonly testId: string;
}) {
  return (
    <span className="settings-secret" data-testid={testId}>
      <KeyRound aria-hidden="true" />
      {secret.set ? (
        <>
          Stored, encrypted: <code>{secret.preview ?? '••••••••'}</code>{' '}
          <Badge tone="success">Set</Badge>
        </>
      ) : (
        <>
          Not set <Badge>Empty</Badge>
        </>
      )}
    </span>
  );
}

/**
 * What the integration last did: its last finished run and, when the last attempt failed, why.
 * `successLabel` names the run ("Last sync", "Last Meet link").
 */
export function IntegrationRunStatus({
  status,
  successLabel,
  testId,
}: {
  readonly status: IntegrationStatus;
  readonly successLabel: string;
  readonly testId: string;
}) {
  return (
    <dl className="settings-run-status" data-testid={testId}>
      <div>
        <dt>{successLabel}</dt>
        <dd data-testid={`${testId}-success`}>
          {status.lastSuccessAt ? formatDateTime(status.lastSuccessAt) : 'Never'}
        </dd>
      </div>
      <div>
        <dt>Last error</dt>
        <dd data-testid={`${testId}-error`}>
          {status.lastError ? (
            <>
              <Badge tone="danger">{formatDateTime(status.lastError.at)}</Badge>{' '}
              {status.lastError.message}
            </>
          ) : (
            'None'
          )}
        </dd>
      </div>
    </dl>
  );
}
