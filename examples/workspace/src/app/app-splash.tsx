import { Spinner } from '../ui';

/** What shows while the first route loads (session restore). */
export function AppSplash() {
  return (
    <div className="not-found" data-testid="app-splash">
      <Spinner label="Loading your workspace" />
    </div>
  );
}
