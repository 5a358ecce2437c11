// The two cards of the template editor: the template's fields, and the review of a saved template.
import type { Dispatch, SetStateAction } from 'react';
import { Check, X } from 'lucide-react';
import { placeholdersOf } from '../../../../server/src/contract/campaign-text';
import { Badge, Button, Field, Input, Select, Textarea } from '../../../ui';
import type { CampaignChannel, CampaignTemplate } from '../api/types';
import type { TemplateFormValues } from '../hooks/use-template-form';
import { TemplateStatusBadge } from './badges';

/** The Template card: name, language and message, with the variables the message holds. */
export function TemplateFieldsSection({
  channel,
  form,
  setForm,
  nameError,
  serverError,
}: {
  readonly channel: CampaignChannel;
  readonly form: TemplateFormValues;
  readonly setForm: Dispatch<SetStateAction<TemplateFormValues>>;
  readonly nameError: string | null;
  readonly serverError: string | null;
}) {
  const variables = placeholdersOf(form.body);
  return (
    <section className="ui-card cmp-card" aria-labelledby="template-form-title">
      <header className="cmp-card__header">
        <h2 id="template-form-title" className="cmp-card__title">
          Template
        </h2>
      </header>
      <div className="cmp-card__body cmp-fields">
        <Field
          label="Name"
          hint={channel === 'whatsapp' ? 'Lower-case letters, digits and underscores.' : undefined}
          error={nameError}
        >
          {(control) => (
            <Input
              {...control}
              value={form.name}
              maxLength={120}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              data-testid="template-name"
            />
          )}
        </Field>
        <Field label="Language">
          {(control) => (
            <Select
              id={control.id}
              label="Language"
              value={form.language}
              options={[
                { value: 'en', label: 'English (en)' },
                { value: 'es', label: 'Spanish (es)' },
                { value: 'de', label: 'German (de)' },
                { value: 'fr', label: 'French (fr)' },
                { value: 'pt_BR', label: 'Portuguese, Brazil (pt_BR)' },
                ...(['en', 'es', 'de', 'fr', 'pt_BR'].includes(form.language)
                  ? []
                  : [{ value: form.language, label: form.language }]),
              ]}
              onValueChange={(language) => setForm((f) => ({ ...f, language }))}
              data-testid="template-language"
            />
          )}
        </Field>
        <Field
          label="Message"
          hint={
            channel === 'whatsapp'
              ? 'Write {{1}}, {{2}}… where each campaign fills in its own values.'
              : 'Placeholders in {{…}} become variables.'
          }
          error={serverError}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={8}
              value={form.body}
              maxLength={1024}
              onChange={(e) => setForm((f) => ({ ...f, body: e.target.value }))}
              data-testid="template-body"
            />
          )}
        </Field>
        <div className="cmp-variables" aria-label="Variables" role="group">
          <span className="cmp-muted">Variables:</span>
          {variables.length === 0 ? (
            <span className="cmp-muted">none</span>
          ) : (
            variables.map((v) => <Badge key={v}>{`{{${v}}}`}</Badge>)
          )}
        </div>
      </div>
    </section>
  );
}

/** The Review card: approve or reject a pending template (not while it has unsaved changes). */
export function TemplateReviewSection({
  template,
  dirty,
  reviewing,
  onReview,
}: {
  readonly template: CampaignTemplate;
  readonly dirty: boolean;
  /** The decision being recorded, while it is. */
  readonly reviewing: 'approved' | 'rejected' | null;
  readonly onReview: (decision: 'approved' | 'rejected') => void;
}) {
  return (
    <section
      className="ui-card cmp-card"
      aria-labelledby="review-title"
      data-testid="template-review"
    >
      <header className="cmp-card__header">
        <h2 id="review-title" className="cmp-card__title">
          Review
        </h2>
        <TemplateStatusBadge status={template.status} />
      </header>
      <div className="cmp-card__body">
        {template.status === 'pending' ? (
          <>
            <p className="cmp-muted">
              WhatsApp reviews new and changed templates in the business account: record its answer
              here. A campaign sends the template by name and language, and the provider refuses one
              it has not approved (the message fails with its reason).
            </p>
            <div className="cmp-actions">
              <Button
                icon={<Check aria-hidden="true" />}
                variant="primary"
                disabled={dirty}
                loading={reviewing === 'approved'}
                onClick={() => onReview('approved')}
                data-testid="template-approve"
              >
                Approve
              </Button>
              <Button
                icon={<X aria-hidden="true" />}
                disabled={dirty}
                loading={reviewing === 'rejected'}
                onClick={() => onReview('rejected')}
                data-testid="template-reject"
              >
                Reject
              </Button>
            </div>
          </>
        ) : template.status === 'approved' ? (
          <p className="cmp-muted">
            Approved: campaigns can send it. Editing it sends it back to review.
          </p>
        ) : (
          <p className="cmp-muted">Rejected: change it and submit it again.</p>
        )}
      </div>
    </section>
  );
}
