import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** A page: a header with a title, optional subtitle and actions, and a scrolling body. */
export function Page({
  title,
  subtitle,
  actions,
  children,
  'data-testid': testId,
}: {
  readonly title: ReactNode;
  readonly subtitle?: ReactNode;
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly 'data-testid'?: string;
}) {
  return (
    <section className="ui-page" data-testid={testId}>
      {typeof title === 'string' ? <DocumentTitle title={title} /> : null}
      <header className="ui-page__header">
        <div>
          <h1 className="ui-page__title">{title}</h1>
          {subtitle ? <p className="ui-page__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div style={{ display: 'flex', gap: 8 }}>{actions}</div> : null}
      </header>
      <div className="ui-page__body">{children}</div>
    </section>
  );
}
