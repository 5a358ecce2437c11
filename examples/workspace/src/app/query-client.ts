import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** The one QueryClient of the app (route loaders and components share its cache). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors (401, 403, 404, 400) do not get better by retrying.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
