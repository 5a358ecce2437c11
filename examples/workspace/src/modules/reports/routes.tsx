import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { paths } from '../../app/paths';
import { loadSession } from '../session/routes';
import { canOpenReports } from '../session/permits';

/** Reports need the reports permit (admins pass); otherwise back to the workspace's home. */
async function reportsLoader({ params }: LoaderFunctionArgs) {
  const session = await loadSession(params);
  return canOpenReports(session.permits) ? null : redirect(paths.home(session.slug));
}

/** The Reports area; lazy (the chart library loads with it). */
export const reportsRoute: RouteObject = {
  path: 'reports',
  loader: reportsLoader,
  lazy: async () => ({
    Component: (await import('./components/reports-page')).ReportsPage,
  }),
};
