import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';
import { loadSession } from '../session/routes';
import { canEditAgents, canOpenMessageTemplates } from '../session/permits';
import type { Permits } from '../session/api/types';

const agentsPath = (slug: string | undefined) => `${paths.settings(slug ?? '')}/agents`;

/** A settings child gated by a permit; without it, back to the default child (agents). */
const gated =
  (allowed: (permits: Permits) => boolean) =>
  async ({ params }: LoaderFunctionArgs) => {
    const session = await loadSession(params);
    return allowed(session.permits) ? null : redirect(agentsPath(params.slug));
  };

/**
 * The settings routes: agents (default), teams, agents/edit/{id}, message-templates,
 * assigment-rules (that spelling is the route contract), customer-satisfaction, integrations,
 * integrations/salesforce, integrations/googleMeet, channels, import-history. Unknown paths
 * redirect to agents. agents/edit needs flag_permissions and message-templates
 * flag_inbox_savedReplies; the server checks every screen's permit again.
 */
export const settingsRoute: RouteObject = {
  path: 'settings',
  lazy: async () => ({
    Component: (await import('./components/settings-layout')).SettingsLayout,
  }),
  children: [
    { index: true, loader: ({ params }) => redirect(agentsPath(params.slug)) },
    {
      path: 'agents',
      lazy: async () => ({
        Component: (await import('./components/agents-page')).AgentsPage,
      }),
    },
    {
      path: 'teams',
      lazy: async () => ({
        Component: (await import('./components/teams-page')).TeamsPage,
      }),
    },
    {
      path: 'agents/edit/:id',
      loader: gated(canEditAgents),
      lazy: async () => ({
        Component: (await import('./components/agent-edit-page')).AgentEditPage,
      }),
    },
    {
      path: 'message-templates',
      loader: gated(canOpenMessageTemplates),
      lazy: async () => ({
        Component: (await import('./components/message-templates-page')).MessageTemplatesPage,
      }),
    },
    {
      path: 'assigment-rules',
      lazy: async () => ({
        Component: (await import('./components/assignment-rules-page')).AssignmentRulesPage,
      }),
    },
    {
      path: 'customer-satisfaction',
      lazy: async () => ({
        Component: (await import('./components/customer-satisfaction-page'))
          .CustomerSatisfactionPage,
      }),
    },
    {
      path: 'general',
      loader: gated((permits) => permits.admin),
      lazy: async () => ({
        Component: (await import('./components/general-page')).GeneralPage,
      }),
    },
    {
      path: 'preferences',
      lazy: async () => ({
        Component: (await import('./components/preferences-page')).PreferencesPage,
      }),
    },
    {
      path: 'integrations',
      lazy: async () => ({
        Component: (await import('./components/integrations-page')).IntegrationsPage,
      }),
    },
    {
      path: 'integrations/salesforce',
      lazy: async () => ({
        Component: (await import('./components/salesforce-page')).SalesforcePage,
      }),
    },
    {
      path: 'integrations/googleMeet',
      lazy: async () => ({
        Component: (await import('./components/google-meet-page')).GoogleMeetPage,
      }),
    },
    {
      path: 'channels',
      lazy: async () => ({
        Component: (await import('./components/channels-page')).ChannelsPage,
      }),
    },
    {
      path: 'import-history',
      lazy: async () => ({
        Component: (await import('./components/import-history-page')).ImportHistoryPage,
      }),
    },
    {
      path: 'call-dispositions',
      lazy: async () => ({
        Component: (await import('./components/dispositions-page')).DispositionsPage,
      }),
    },
    {
      path: 'contact-attributes',
      lazy: async () => ({
        Component: (await import('./components/contact-attributes-page')).ContactAttributesPage,
      }),
    },
    { path: '*', loader: ({ params }) => redirect(agentsPath(params.slug)) },
  ],
};
