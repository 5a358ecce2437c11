import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';
import { loadSession } from '../session/routes';
import { canOpenCampaigns } from '../session/permits';

/** §2: campaigns needs the campaigns permit; otherwise redirect to home on first load. */
async function campaignsLoader({ params }: LoaderFunctionArgs) {
  const session = await loadSession(params);
  return canOpenCampaigns(session.permits) ? null : redirect(paths.home(session.slug));
}

const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../app/placeholder-page');
  return {
    Component: () => <PlaceholderPage title={title} area="Campaigns" />,
  };
};

/** The campaigns routes of §2 (screens arrive with the campaigns issue). */
export const campaignsRoute: RouteObject = {
  path: 'campaigns',
  loader: campaignsLoader,
  children: [
    {
      index: true,
      loader: ({ params }) => redirect(`${paths.campaigns(params.slug ?? '')}/overview`),
    },
    { path: 'overview', lazy: placeholder('Overview') },
    { path: 'all', lazy: placeholder('Campaigns') },
    { path: 'all/:id', lazy: placeholder('Campaign') },
    { path: 'templates', lazy: placeholder('Templates') },
    { path: 'templates/editor/:id', lazy: placeholder('Template editor') },
    { path: 'editor/:id', lazy: placeholder('Campaign editor') },
  ],
};
