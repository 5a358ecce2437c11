import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';
import { loadSession } from '../session/routes';
import { canOpenCampaigns } from '../session/permits';

/** Campaigns needs the campaigns permit; otherwise redirect to home on first load. */
async function campaignsLoader({ params }: LoaderFunctionArgs) {
  const session = await loadSession(params);
  return canOpenCampaigns(session.permits) ? null : redirect(paths.home(session.slug));
}

/** The campaigns routes; every screen is lazy (the chart library loads with them). */
export const campaignsRoute: RouteObject = {
  path: 'campaigns',
  loader: campaignsLoader,
  lazy: async () => ({
    Component: (await import('./components/campaigns-layout')).CampaignsLayout,
  }),
  children: [
    {
      index: true,
      loader: ({ params }) => redirect(`${paths.campaigns(params.slug ?? '')}/overview`),
    },
    {
      path: 'overview',
      lazy: async () => ({ Component: (await import('./components/overview-page')).OverviewPage }),
    },
    {
      path: 'all',
      lazy: async () => ({
        Component: (await import('./components/campaign-list-page')).CampaignListPage,
      }),
    },
    {
      path: 'all/:id',
      lazy: async () => ({
        Component: (await import('./components/campaign-viewer-page')).CampaignViewerPage,
      }),
    },
    {
      path: 'templates',
      lazy: async () => ({
        Component: (await import('./components/template-list-page')).TemplateListPage,
      }),
    },
    {
      path: 'templates/editor/:id',
      lazy: async () => ({
        Component: (await import('./components/template-editor-page')).TemplateEditorPage,
      }),
    },
    {
      path: 'editor/:id',
      lazy: async () => ({
        Component: (await import('./components/campaign-editor-page')).CampaignEditorPage,
      }),
    },
  ],
};
