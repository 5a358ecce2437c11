import { useEffect } from 'react';

/** Sets the document title (`{title} · Workspace`) while mounted. Renders nothing. */
export function DocumentTitle({ title }: { readonly title: string }) {
  useEffect(() => {
    document.title = title ? `${title} · Workspace` : 'Workspace';
  }, [title]);
  return null;
}
