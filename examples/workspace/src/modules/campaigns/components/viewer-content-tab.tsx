import type { Campaign } from '../api/types';
import { ChannelLabel } from './badges';
import { EXAMPLE_RECIPIENT, MessagePreview, SmsCounter } from './message-preview';

/** The viewer's Content tab: the message's facts beside its preview. */
export function ContentTab({ campaign: c }: { readonly campaign: Campaign }) {
  return (
    <div className="cmp-split">
      <section className="ui-card cmp-card" aria-labelledby="content-summary">
        <header className="cmp-card__header">
          <h2 id="content-summary" className="cmp-card__title">
            Message
          </h2>
        </header>
        <dl className="cmp-card__body cmp-facts">
          <div>
            <dt>Channel</dt>
            <dd>
              <ChannelLabel channel={c.channel} />
            </dd>
          </div>
          {c.content.channel === 'whatsapp' ? (
            <>
              <div>
                <dt>Template</dt>
                <dd>{c.template ? `${c.template.name} (${c.template.language})` : 'Not chosen'}</dd>
              </div>
              {Object.entries(c.content.variables).map(([k, v]) => (
                <div key={k}>
                  <dt>{`Variable {{${k}}}`}</dt>
                  <dd>{v || '—'}</dd>
                </div>
              ))}
            </>
          ) : c.content.channel === 'email' ? (
            <div>
              <dt>Subject</dt>
              <dd>{c.content.subject || '—'}</dd>
            </div>
          ) : (
            <div>
              <dt>Length</dt>
              <dd>
                <SmsCounter body={c.content.body} />
              </dd>
            </div>
          )}
        </dl>
      </section>
      <MessagePreview
        content={c.content}
        templateBody={c.template?.body ?? null}
        recipient={EXAMPLE_RECIPIENT}
      />
    </div>
  );
}
