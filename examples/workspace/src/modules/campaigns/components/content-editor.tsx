import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  PERSONALIZATION_TOKENS,
  type RecipientFields,
} from '../../../../server/src/contract/campaign-text';
import { ErrorState, Field, Input, SkeletonList, Textarea } from '../../../ui';
import { approvedTemplatesQuery } from '../api/campaigns-api';
import type { CampaignContent, CampaignTemplate } from '../api/types';
import { campaignPaths } from '../paths';
import { MessagePreview, SmsCounter } from './message-preview';

type Setter = (value: string) => void;

/** Buttons that insert a personalisation token into the field last focused. */
function TokenBar({
  target,
}: {
  readonly target: React.RefObject<{ insert: (t: string) => void } | null>;
}) {
  return (
    <div className="cmp-tokens" role="group" aria-label="Insert personalisation">
      <span className="cmp-tokens__label">Personalise:</span>
      {PERSONALIZATION_TOKENS.map((t) => (
        <button
          key={t}
          type="button"
          className="cmp-token"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => target.current?.insert(`{{${t}}}`)}
        >
          {`{{${t}}}`}
        </button>
      ))}
    </div>
  );
}

/** Remembers the focused text field, so that a token goes where the user is writing. */
function useInsertTarget() {
  const target = useRef<{ insert: (t: string) => void } | null>(null);
  const bind = (value: string, set: Setter) => ({
    onFocus: (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const el = e.currentTarget;
      target.current = {
        insert: (t) => {
          const start = el.selectionStart ?? value.length;
          const end = el.selectionEnd ?? value.length;
          set(`${el.value.slice(0, start)}${t}${el.value.slice(end)}`);
          requestAnimationFrame(() => {
            el.focus();
            el.setSelectionRange(start + t.length, start + t.length);
          });
        },
      };
    },
  });
  return { target, bind };
}

function WhatsappContent({
  slug,
  content,
  onChange,
  templates,
}: {
  readonly slug: string;
  readonly content: Extract<CampaignContent, { channel: 'whatsapp' }>;
  readonly onChange: (c: CampaignContent) => void;
  readonly templates: readonly CampaignTemplate[];
}) {
  const { target, bind } = useInsertTarget();
  const chosen = templates.find((t) => t.id === content.templateId);
  return (
    <>
      <fieldset className="cmp-templates">
        <legend className="ui-field__label">Approved template</legend>
        {templates.length === 0 ? (
          <p className="cmp-muted">
            No approved WhatsApp template.{' '}
            <Link to={campaignPaths.newTemplate(slug, 'whatsapp')}>Create one</Link>.
          </p>
        ) : (
          templates.map((t) => (
            <label key={t.id} className="cmp-template-option" data-testid="template-option">
              <input
                type="radio"
                name="template"
                value={t.id}
                checked={content.templateId === t.id}
                onChange={() =>
                  onChange({
                    ...content,
                    templateId: t.id,
                    variables: Object.fromEntries(
                      t.variables.map((v) => [v, content.variables[v] ?? '']),
                    ),
                  })
                }
              />
              <span className="cmp-template-option__text">
                <span className="cmp-template-option__name">
                  {t.name} <span className="cmp-muted">· {t.language}</span>
                </span>
                <span className="cmp-template-option__body">{t.body}</span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      {chosen && chosen.variables.length > 0 ? (
        <div className="cmp-fields">
          <TokenBar target={target} />
          {chosen.variables.map((v) => (
            <Field
              key={v}
              label={`Variable {{${v}}}`}
              hint="Text, personalisation tokens, or both."
            >
              {(control) => (
                <Input
                  {...control}
                  value={content.variables[v] ?? ''}
                  maxLength={500}
                  {...bind(content.variables[v] ?? '', (value) =>
                    onChange({ ...content, variables: { ...content.variables, [v]: value } }),
                  )}
                  onChange={(e) =>
                    onChange({
                      ...content,
                      variables: { ...content.variables, [v]: e.target.value },
                    })
                  }
                  data-testid={`variable-${v}`}
                />
              )}
            </Field>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The content tab: per channel (WhatsApp template and variables, email subject and body, SMS body). */
export function ContentEditor({
  slug,
  content,
  onChange,
  recipient,
}: {
  readonly slug: string;
  readonly content: CampaignContent;
  readonly onChange: (content: CampaignContent) => void;
  readonly recipient: RecipientFields;
}) {
  const templates = useQuery({
    ...approvedTemplatesQuery(slug, 'whatsapp'),
    enabled: content.channel === 'whatsapp',
  });
  const { target, bind } = useInsertTarget();
  const templateBody =
    content.channel === 'whatsapp'
      ? (templates.data?.find((t) => t.id === content.templateId)?.body ?? null)
      : null;
  return (
    <div className="cmp-split" data-testid="content-editor">
      <section className="ui-card cmp-card" aria-labelledby="content-title">
        <header className="cmp-card__header">
          <h2 id="content-title" className="cmp-card__title">
            Message
          </h2>
        </header>
        <div className="cmp-card__body cmp-fields">
          {content.channel === 'whatsapp' ? (
            templates.isPending ? (
              <SkeletonList rows={3} label="Loading templates" />
            ) : templates.isError ? (
              <ErrorState
                title="Templates could not be loaded"
                error={templates.error}
                onRetry={() => void templates.refetch()}
              />
            ) : (
              <WhatsappContent
                slug={slug}
                content={content}
                onChange={onChange}
                templates={templates.data}
              />
            )
          ) : content.channel === 'email' ? (
            <>
              <TokenBar target={target} />
              <Field label="Subject">
                {(control) => (
                  <Input
                    {...control}
                    value={content.subject}
                    maxLength={200}
                    {...bind(content.subject, (subject) => onChange({ ...content, subject }))}
                    onChange={(e) => onChange({ ...content, subject: e.target.value })}
                    data-testid="email-subject"
                  />
                )}
              </Field>
              <Field label="Message">
                {(control) => (
                  <Textarea
                    {...control}
                    rows={10}
                    value={content.body}
                    maxLength={20_000}
                    {...bind(content.body, (body) => onChange({ ...content, body }))}
                    onChange={(e) => onChange({ ...content, body: e.target.value })}
                    data-testid="email-body"
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              <TokenBar target={target} />
              <Field label="Message" hint={<SmsCounter body={content.body} />}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={6}
                    value={content.body}
                    maxLength={1_530}
                    {...bind(content.body, (body) => onChange({ ...content, body }))}
                    onChange={(e) => onChange({ ...content, body: e.target.value })}
                    data-testid="sms-body"
                  />
                )}
              </Field>
            </>
          )}
        </div>
      </section>
      <MessagePreview content={content} templateBody={templateBody} recipient={recipient} />
    </div>
  );
}
