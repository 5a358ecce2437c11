import { Compass } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DocumentTitle, EmptyState } from '../ui';

/**
 * The 404 page: the path matches no screen, or the workspace or resource does not exist. Inside a
 * workspace it is the content of the layout's main landmark; outside it is the page's main.
 */
export function NotFoundPage({ what = 'page' }: { readonly what?: string }) {
  const inWorkspace = Boolean(useParams().slug);
  const Root = inWorkspace ? 'div' : 'main';
  return (
    <Root className="not-found" data-testid="not-found-page">
      <DocumentTitle title="Not found" />
      <EmptyState
        icon={<Compass aria-hidden="true" />}
        title={`This ${what} does not exist`}
        headingLevel={1}
        body="The link may be broken, or the page may have moved. Check the address, or start again from your workspace."
        actions={
          <Link className="ui-button" data-variant="primary" to="/">
            Go to your workspace
          </Link>
        }
      />
      <p className="not-found__code">Error 404</p>
    </Root>
  );
}
