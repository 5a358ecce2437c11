import {
  personalize,
  renderTemplate,
  smsSegments,
  type RecipientFields,
} from '../../../../server/src/contract/campaign-text';
import type { CampaignContent } from '../api/types';

/** A recipient for previews when the audience has none yet. */
export const EXAMPLE_RECIPIENT: RecipientFields = {
  name: 'Alex Morgan',
  company: 'Example Ltd',
  email: 'alex@example.com',
  phone: '+15555550100',
};

/** How a message looks on the recipient's screen (filled for one recipient). */
export function MessagePreview({
  content,
  templateBody,
  recipient,
}: {
  readonly content: CampaignContent;
  /** The WhatsApp template's body. */
  readonly templateBody: string | null;
  readonly recipient: RecipientFields;
}) {
  const to = content.channel === 'email' ? recipient.email : recipient.phone;
  return (
    <figure className="cmp-preview" data-channel={content.channel} data-testid="message-preview">
      <figcaption className="cmp-preview__caption">
        Preview for {recipient.name}
        {to ? ` (${to})` : ''}
      </figcaption>
      {content.channel === 'email' ? (
        <div className="cmp-preview__email">
          <p className="cmp-preview__subject">
            {personalize(content.subject, recipient) || <em>No subject</em>}
          </p>
          <p className="cmp-preview__text">
            {personalize(content.body, recipient) || <em>No message yet</em>}
          </p>
        </div>
      ) : (
        <div className="cmp-preview__phone">
          <p className="cmp-preview__bubble" data-testid="preview-bubble">
            {content.channel === 'whatsapp'
              ? templateBody
                ? renderTemplate(templateBody, content.variables, recipient)
                : 'Choose a template.'
              : personalize(content.body, recipient) || 'No message yet.'}
          </p>
        </div>
      )}
    </figure>
  );
}

/** "123 characters · 1 segment · GSM-7" under an SMS body. */
export function SmsCounter({ body }: { readonly body: string }) {
  const s = smsSegments(body);
  return (
    <span
      className="cmp-sms-counter"
      data-testid="sms-counter"
      data-over={s.segments > 10 || undefined}
    >
      {s.units} characters · {s.segments} {s.segments === 1 ? 'segment' : 'segments'} · {s.encoding}
      {s.segments > 1 ? ` (${s.perSegment} per segment)` : ''}
    </span>
  );
}
