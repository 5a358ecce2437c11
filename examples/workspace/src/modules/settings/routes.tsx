import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';
import { loadSession } from '../session/routes';
import { canEditAgents, canOpenMessageTemplates } from '../session/permits';
import type { Permits } from '../session/api/types';

const agentsPath = (slug: string | undefined) => `${paths.settings(slug ?? '')}/agents`;

const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../app/placeholder-page');
  return { Component: () => <PlaceholderPage title={title} area="Settings" /> };
};

/** A settings child gated by a permit (§6); without it, back to the default child (agents). */
const gated =
  (allowed: (permits: Permits) => boolean) =>
  async ({ params }: LoaderFunctionArgs) => {
    const session = await loadSession(params);
    return allowed(session.permits) ? null : redirect(agentsPath(params.slug));
  };

/**
 * The settings routes of §2: agents (default), teams, agents/edit/{id}, message-templates,
 * assigment-rules (that spelling is the route contract), customer-satisfaction, integrations,
 * integrations/salesforce, integrations/googleMeet, channels, import-history. Unknown paths
 * redirect to agents.
 */
export const settingsRoute: RouteObject = {
  path: 'settings',
  children: [
    { index: true, loader: ({ params }) => redirect(agentsPath(params.slug)) },
    { path: 'agents', lazy: placeholder('Agents') },
    { path: 'teams', lazy: placeholder('Teams') },
    { path: 'agents/edit/:id', loader: gated(canEditAgents), lazy: placeholder('Edit agent') },
    {
      path: 'message-templates',
      loader: gated(canOpenMessageTemplates),
      lazy: placeholder('Message templates'),
    },
    { path: 'assigment-rules', lazy: placeholder('Assignment rules') },
    { path: 'customer-satisfaction', lazy: placeholder('Customer satisfaction') },
    { path: 'integrations', lazy: placeholder('Integrations') },
    { path: 'integrations/salesforce', lazy: placeholder('Salesforce') },
    { path: 'integrations/googleMeet', lazy: placeholder('Google Meet') },
    { path: 'channels', lazy: placeholder('Channels') },
    { path: 'import-history', lazy: placeholder('Import history') },
    { path: '*', loader: ({ params }) => redirect(agentsPath(params.slug)) },
  ],
};
