import { Construction } from 'lucide-react';
import { EmptyState, Page } from '../ui';

/** A clear placeholder for screens that another issue builds (campaigns, settings). */
export function PlaceholderPage({
  title,
  area,
  detail,
}: {
  readonly title: string;
  readonly area: string;
  readonly detail?: string;
}) {
  return (
    <Page title={title} subtitle={area} data-testid="placeholder-page">
      <div className="ui-card">
        <EmptyState
          icon={<Construction aria-hidden="true" />}
          title={`${title} is not built yet`}
          body={
            detail ??
            `This screen belongs to the ${area.toLowerCase()} area, which arrives in a later release. Its route is in place.`
          }
        />
      </div>
    </Page>
  );
}
