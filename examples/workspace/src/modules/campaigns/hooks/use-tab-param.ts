import { useSearchParams } from 'react-router';

/**
 * The open tab of a campaign screen, kept in the address's `?tab=` so a reload or a shared link
 * opens the same tab; an unknown or missing value falls back to `fallback`. Switching tabs
 * replaces the history entry rather than adding one.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const tab: T = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as T)
    : fallback;
  const setTab = (t: string) =>
    setParams(
      (p) => {
        p.set('tab', t);
        return p;
      },
      { replace: true },
    );
  return [tab, setTab] as const;
}
