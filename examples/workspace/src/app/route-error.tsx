import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../ui';
import { NotFoundPage } from './not-found-page';

/** The error element of the routes: 404 answers show the 404 page, other failures an error state. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const what =
      typeof error.data === 'string' && /workspace/i.test(error.data) ? 'workspace' : 'page';
    return <NotFoundPage what={what} />;
  }
  return (
    <main className="not-found" data-testid="route-error">
      <ErrorState
        title="This screen could not be loaded"
        error={error}
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
