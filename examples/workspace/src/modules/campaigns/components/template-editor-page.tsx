// The template editor (campaigns/templates/editor/{id}): a message template's fields, preview and
// review, with a warning when leaving it unsaved.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Save, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { Button, Dialog, EmptyState, ErrorState, Page, Skeleton } from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import { templateQuery } from '../api/campaigns-api';
import type { CampaignChannel, CampaignTemplate } from '../api/types';
import { useTemplateForm } from '../hooks/use-template-form';
import { CAMPAIGN_TEXT, CHANNEL_LABELS } from '../messages';
import { campaignPaths } from '../paths';
import { ChannelLabel, TemplateStatusBadge } from './badges';
import { LeaveDialog } from './leave-dialog';
import { EXAMPLE_RECIPIENT, MessagePreview } from './message-preview';
import { TemplateFieldsSection, TemplateReviewSection } from './template-form-sections';

const CHANNELS: readonly CampaignChannel[] = ['whatsapp', 'email', 'sms'];

/** Asks before deleting a template, saying how many draft campaigns use it. */
function DeleteTemplateDialog({
  open,
  onOpenChange,
  usedBy,
  deleting,
  onDelete,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly usedBy: number;
  readonly deleting: boolean;
  readonly onDelete: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this template?"
      description={
        usedBy > 0
          ? `${usedBy} draft campaign${usedBy === 1 ? '' : 's'} use it and will need another template.`
          : 'It is removed for good.'
      }
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Keep it</Button>
          <Button
            variant="danger"
            loading={deleting}
            onClick={onDelete}
            data-testid="template-delete-yes"
          >
            Delete template
          </Button>
        </>
      }
    />
  );
}

/** The template editor: header actions, the leave and delete dialogs, the form and its preview. */
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
  const {
    safeReturn,
    form,
    setForm,
    dirty,
    blocker,
    nameError,
    serverError,
    confirmDelete,
    setConfirmDelete,
    save,
    review,
    remove,
    canSave,
  } = useTemplateForm({ slug, template, usedBy, channel });
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
      <DeleteTemplateDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        usedBy={usedBy}
        deleting={remove.isPending}
        onDelete={() => remove.mutate()}
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
        <TemplateFieldsSection
          channel={channel}
          form={form}
          setForm={setForm}
          nameError={nameError}
          serverError={serverError}
        />
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
            <TemplateReviewSection
              template={template}
              dirty={dirty}
              reviewing={review.isPending ? (review.variables ?? null) : null}
              onReview={(decision) => review.mutate(decision)}
            />
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
