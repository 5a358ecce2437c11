import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Cloud, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Badge, Page } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { integrationsQuery } from '../api/settings-api';
import type { IntegrationKind, IntegrationSummary } from '../api/types';
import { GOOGLE_MEET_COPY, SETTINGS_PATHS } from '../messages';
import { QueryStates } from './controls';

const INTEGRATIONS: Record<
  IntegrationKind,
  { name: string; description: string; icon: ReactNode; path: string }
> = {
  salesforce: {
    name: 'Salesforce',
    description: 'Contact sync and call logging with your Salesforce org.',
    icon: <Cloud aria-hidden="true" />,
    path: SETTINGS_PATHS.salesforce,
  },
  googleMeet: {
    name: 'Google Meet',
    description: GOOGLE_MEET_COPY.listDescription,
    icon: <Video aria-hidden="true" />,
    path: SETTINGS_PATHS.googleMeet,
  },
};

function status(i: IntegrationSummary) {
  const failed = i.status.lastError ? (
    <Badge tone="danger" data-testid={`integration-${i.kind}-error`}>
      Last run failed
    </Badge>
  ) : null;
  if (i.enabled)
    return (
      <>
        <Badge tone="success">On</Badge> {failed}
      </>
    );
  if (i.configured) return <Badge tone="warning">Off</Badge>;
  return <Badge>Not set up</Badge>;
}

/** settings/integrations: the connected apps and whether each is on (admin). */
export function IntegrationsPage() {
  const session = useSession();
  const query = useQuery(integrationsQuery(session.slug));
  return (
    <Page
      title="Integrations"
      subtitle="Connect the workspace to the tools your team already uses."
      data-testid="settings-integrations"
    >
      <QueryStates query={query} label="integrations" rows={2}>
        {() => (
          <ul className="settings-stack" aria-label="Integrations">
            {query.data?.map((i) => {
              const meta = INTEGRATIONS[i.kind];
              return (
                <li key={i.kind}>
                  <Link
                    to={`${paths.settings(session.slug)}/${meta.path}`}
                    className="ui-card settings-link-card"
                    data-testid={`integration-${i.kind}`}
                  >
                    <span className="settings-link-card__icon">{meta.icon}</span>
                    <span className="settings-link-card__text">
                      <span className="settings-link-card__title">
                        {meta.name} {status(i)}
                      </span>
                      <span className="settings-muted">{meta.description}</span>
                    </span>
                    <ChevronRight aria-hidden="true" className="settings-link-card__chevron" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
    </Page>
  );
}
