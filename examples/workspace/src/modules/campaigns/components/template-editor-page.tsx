import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, Save, Trash2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { placeholdersOf } from '../../../../server/src/contract/campaign-text';
import { ApiError } from '../../../api/client';
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Page,
  Select,
  Skeleton,
  Textarea,
  toast,
} from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { campaignKeys, templateApi, templateQuery } from '../api/campaigns-api';
import type { CampaignChannel, CampaignTemplate } from '../api/types';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { CAMPAIGN_TEXT, CHANNEL_LABELS } from '../messages';
import { campaignPaths } from '../paths';
import { ChannelLabel, TemplateStatusBadge } from './badges';
import { LeaveDialog } from './leave-dialog';
import { EXAMPLE_RECIPIENT, MessagePreview } from './message-preview';

const CHANNELS: readonly CampaignChannel[] = ['whatsapp', 'email', 'sms'];
const WHATSAPP_NAME = /^[a-z0-9_]+$/;

interface Form {
  readonly name: string;
  readonly language: string;
  readonly body: string;
}

const formOf = (t: CampaignTemplate): Form => ({
  name: t.name,
  language: t.language,
  body: t.body,
});

function TemplateForm({
  slug,
  template,
  usedBy,
  channel,
}: {
  readonly slug: string;
  readonly template: CampaignTemplate | null;
  readonly usedBy: number;
  readonly channel: CampaignChannel;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const safeReturn = returnTo?.startsWith(`/ws/${encodeURIComponent(slug)}/campaigns/`)
    ? returnTo
    : null;
  const [saved, setSaved] = useState<Form>(() =>
    template ? formOf(template) : { name: '', language: 'en', body: '' },
  );
  const [form, setForm] = useState<Form>(saved);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(saved), [form, saved]);
  const { blocker, allowNext } = useLeaveGuard(dirty);
  const variables = placeholdersOf(form.body);
  const nameError =
    channel === 'whatsapp' && form.name && !WHATSAPP_NAME.test(form.name)
      ? 'Use lower-case letters, digits and underscores.'
      : null;
  const [serverError, setServerError] = useState<string | null>(null);
  const after = (t: CampaignTemplate) => {
    queryClient.setQueryData(templateQuery(slug, t.id).queryKey, { template: t, usedBy });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.templates(slug) });
  };
  const save = useMutation({
    mutationFn: () =>
      template
        ? templateApi.patch(slug, template.id, form)
        : templateApi.create(slug, { ...form, channel }),
    onSuccess: ({ template: t }) => {
      after(t);
      setSaved(formOf(t));
      setForm(formOf(t));
      setServerError(null);
      toast({ tone: 'success', title: 'Template saved', description: 'It waits for review.' });
      if (!template) {
        allowNext();
        void navigate(
          `${campaignPaths.templateEditor(slug, t.id)}${safeReturn ? `?returnTo=${encodeURIComponent(safeReturn)}` : ''}`,
          { replace: true },
        );
      }
    },
    onError: (error) =>
      setServerError(
        error instanceof ApiError && error.issues?.length
          ? error.issues.map((i) => i.message).join(' ')
          : error instanceof Error
            ? error.message
            : String(error),
      ),
  });
  const review = useMutation({
    mutationFn: (decision: 'approved' | 'rejected') =>
      templateApi.review(slug, template!.id, decision),
    onSuccess: ({ template: t }) => {
      after(t);
      toast({
        tone: t.status === 'approved' ? 'success' : 'info',
        title: t.status === 'approved' ? 'Template approved' : 'Template rejected',
      });
    },
    onError: (error) =>
      toast({ tone: 'danger', title: 'Review failed', description: error.message }),
  });
  const remove = useMutation({
    mutationFn: () => templateApi.remove(slug, template!.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.templates(slug) });
      toast({ tone: 'success', title: 'Template deleted' });
      allowNext();
      void navigate(campaignPaths.templates(slug));
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast({ tone: 'danger', title: 'Not deleted', description: error.message });
    },
  });
  const canSave = dirty && form.name.trim() !== '' && form.body.trim() !== '' && !nameError;
  return (
    <Page
      title={template ? template.name : `New ${CHANNEL_LABELS[channel]} template`}
      subtitle={
        <span className="cmp-header-meta">
          <ChannelLabel channel={channel} />
          {template ? <TemplateStatusBadge status={template.status} /> : <span>Not saved yet</span>}
          {dirty ? <span>Unsaved changes</span> : null}
        </span>
      }
      data-testid="template-editor"
      actions={
        <>
          <Button
            variant="ghost"
            icon={<ArrowLeft aria-hidden="true" />}
            onClick={() => void navigate(campaignPaths.templates(slug))}
            data-testid="template-back"
          >
            Templates
          </Button>
          {template ? (
            <Button
              variant="ghost"
              icon={<Trash2 aria-hidden="true" />}
              onClick={() => setConfirmDelete(true)}
              data-testid="template-delete"
            >
              Delete
            </Button>
          ) : null}
          <Button
            variant="primary"
            icon={<Save aria-hidden="true" />}
            loading={save.isPending}
            disabled={!canSave}
            onClick={() => save.mutate()}
            data-testid="template-save"
          >
            {template ? 'Save and submit' : 'Create and submit'}
          </Button>
        </>
      }
    >
      <LeaveDialog
        blocker={blocker}
        title={CAMPAIGN_TEXT.exitTemplate}
        body={CAMPAIGN_TEXT.exitTemplateBody}
      />
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this template?"
        description={
          usedBy > 0
            ? `${usedBy} draft campaign${usedBy === 1 ? '' : 's'} use it and will need another template.`
            : 'It is removed for good.'
        }
        footer={
          <>
            <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="template-delete-yes"
            >
              Delete template
            </Button>
          </>
        }
      />
      {safeReturn && template?.status === 'approved' ? (
        <div className="cmp-banner" role="status" data-testid="template-return">
          <span>The template is approved: you can use it in your campaign now.</span>
          <Link
            to={safeReturn}
            className="ui-button"
            data-variant="primary"
            data-testid="template-return-link"
          >
            Back to the campaign
          </Link>
        </div>
      ) : null}
      <div className="cmp-split">
        <section className="ui-card cmp-card" aria-labelledby="template-form-title">
          <header className="cmp-card__header">
            <h2 id="template-form-title" className="cmp-card__title">
              Template
            </h2>
          </header>
          <div className="cmp-card__body cmp-fields">
            <Field
              label="Name"
              hint={
                channel === 'whatsapp' ? 'Lower-case letters, digits and underscores.' : undefined
              }
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
        <div className="cmp-stack">
          <MessagePreview
            content={
              channel === 'email'
                ? { channel, subject: form.name, body: form.body }
                : channel === 'sms'
                  ? { channel, body: form.body }
                  : { channel, templateId: null, variables: {} }
            }
            templateBody={form.body}
            recipient={EXAMPLE_RECIPIENT}
          />
          {template ? (
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
                      WhatsApp reviews new and changed templates in the business account: record its
                      answer here. A campaign sends the template by name and language, and the
                      provider refuses one it has not approved (the message fails with its reason).
                    </p>
                    <div className="cmp-actions">
                      <Button
                        icon={<Check aria-hidden="true" />}
                        variant="primary"
                        disabled={dirty}
                        loading={review.isPending && review.variables === 'approved'}
                        onClick={() => review.mutate('approved')}
                        data-testid="template-approve"
                      >
                        Approve
                      </Button>
                      <Button
                        icon={<X aria-hidden="true" />}
                        disabled={dirty}
                        loading={review.isPending && review.variables === 'rejected'}
                        onClick={() => review.mutate('rejected')}
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
          ) : null}
        </div>
      </div>
    </Page>
  );
}

/** campaigns/templates/editor/{id}: a template ('new' with `?channel=`), warns on leaving unsaved. */
export function TemplateEditorPage() {
  const { slug } = useSession();
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const isNew = id === 'new';
  const query = useQuery({ ...templateQuery(slug, id), enabled: !isNew });
  if (isNew) {
    const channel = CHANNELS.find((c) => c === params.get('channel')) ?? 'whatsapp';
    return <TemplateForm key="new" slug={slug} template={null} usedBy={0} channel={channel} />;
  }
  if (query.isPending)
    return (
      <Page title="Template" data-testid="template-editor">
        <div className="cmp-stack" role="status" aria-label="Loading the template">
          <Skeleton height={240} />
        </div>
      </Page>
    );
  if (query.isError)
    return (
      <Page title="Template" data-testid="template-editor">
        <div className="ui-card">
          {query.error instanceof ApiError && query.error.status === 404 ? (
            <EmptyState
              title="Template not found"
              actions={<Link to={campaignPaths.templates(slug)}>All templates</Link>}
            />
          ) : (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          )}
        </div>
      </Page>
    );
  return (
    <TemplateForm
      key={query.data.template.id}
      slug={slug}
      template={query.data.template}
      usedBy={query.data.usedBy}
      channel={query.data.template.channel}
    />
  );
}
