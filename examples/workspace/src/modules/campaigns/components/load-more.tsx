import { Button } from '../../../ui';

/** The paged lists' "Load more" row: shown while the query has another page to fetch. */
export function LoadMore({
  query,
  testId,
}: {
  readonly query: {
    readonly hasNextPage: boolean;
    readonly isFetchingNextPage: boolean;
    readonly fetchNextPage: () => Promise<unknown>;
  };
  readonly testId?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="cmp-more">
      <Button
        size="sm"
        variant="ghost"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
        data-testid={testId}
      >
        Load more
      </Button>
    </div>
  );
}
