import { createBrowserRouter, redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import { campaignsRoute } from '../modules/campaigns/routes';
import { contactsRoute } from '../modules/contacts/routes';
import { reportsRoute } from '../modules/reports/routes';
import { inboxRoute } from '../modules/inbox/routes';
import { accountRoutes, rootLoader, signInRoute, workspaceLoader } from '../modules/session/routes';
import { settingsRoute } from '../modules/settings/routes';
import { paths } from './paths';
import { RouteError } from './route-error';
import { AppSplash } from './app-splash';
import { NotFoundPage } from './not-found-page';

/**
 * The route table. Every screen is a lazy route, so the first load ships only the shell and
 * the screen it opens. All workspace screens sit under `/ws/{slug}/`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppSplash />,
    children: [
      { index: true, loader: rootLoader },
      signInRoute,
      ...accountRoutes,
      {
        path: 'ws/:slug',
        id: 'workspace',
        loader: workspaceLoader,
        lazy: async () => ({
          Component: (await import('./layout/workspace-layout')).WorkspaceLayout,
        }),
        children: [
          { index: true, loader: ({ params }) => redirect(paths.inbox(params.slug ?? '')) },
          inboxRoute,
          contactsRoute,
          campaignsRoute,
          reportsRoute,
          settingsRoute,
          { path: '*', Component: NotFoundPage },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** Creates the browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
