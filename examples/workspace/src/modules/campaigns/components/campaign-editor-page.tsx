import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  Page,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '../../../ui';
import { useSession } from '../../session/hooks/use-session';
import {
  approvedTemplatesQuery,
  campaignApi,
  campaignKeys,
  campaignQuery,
} from '../api/campaigns-api';
import type { Audience, Campaign, CampaignChannel, CampaignContent } from '../api/types';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useTabParam } from '../hooks/use-tab-param';
import { CAMPAIGN_TEXT, CHANNEL_LABELS } from '../messages';
import { campaignPaths } from '../paths';
import { AudienceBuilder, useAudienceEstimate } from './audience-builder';
import { ChannelLabel, StatusBadge } from './badges';
import { ContentEditor } from './content-editor';
import { DetailsTab } from './editor-details-tab';
import { LeaveDialog } from './leave-dialog';
import { EXAMPLE_RECIPIENT } from './message-preview';
import { NewCampaignDialog } from './new-campaign-dialog';

const CHANNELS: readonly CampaignChannel[] = ['whatsapp', 'email', 'sms'];
const TABS = ['audience', 'content', 'details'] as const;

interface Draft {
  readonly name: string;
  readonly audience: Audience;
  readonly content: CampaignContent;
}

function emptyDraft(channel: CampaignChannel): Draft {
  const content: CampaignContent =
    channel === 'whatsapp'
      ? { channel, templateId: null, variables: {} }
      : channel === 'email'
        ? { channel, subject: '', body: '' }
        : { channel, body: '' };
  return { name: '', audience: { match: 'all', rules: [] }, content };
}

const draftOf = (c: Campaign): Draft => ({
  name: c.name,
  audience: c.audience,
  content: c.content,
});

/** Tomorrow at 10:00, as the schedule's first suggestion. */
function suggestedLocal(): { date: string; time: string } {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: '10:00' };
}

/** The error lines of a failed save or schedule. */
function errorLines(error: unknown): string[] {
  if (error instanceof ApiError)
    return error.issues?.length ? error.issues.map((i) => i.message) : [error.message];
  return [error instanceof Error ? error.message : String(error)];
}

/** The editor 'new' for WhatsApp without an approved template. */
function WhatsappTemplateGate({ slug }: { readonly slug: string }) {
  const navigate = useNavigate();
  const templates = useQuery(approvedTemplatesQuery(slug, 'whatsapp'));
  const open = templates.isSuccess && templates.data.length === 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) void navigate(campaignPaths.list(slug));
      }}
      title={CAMPAIGN_TEXT.whatsappNeedsTemplateTitle}
      description={CAMPAIGN_TEXT.whatsappNeedsTemplateBody}
      data-testid="whatsapp-template-dialog"
      footer={
        <>
          <Button onClick={() => void navigate(campaignPaths.list(slug))}>Back to campaigns</Button>
          <Button
            variant="primary"
            onClick={() =>
              void navigate(
                campaignPaths.newTemplate(
                  slug,
                  'whatsapp',
                  campaignPaths.newCampaign(slug, 'whatsapp'),
                ),
              )
            }
            data-testid="create-whatsapp-template"
          >
            {CAMPAIGN_TEXT.createWhatsappTemplate}
          </Button>
        </>
      }
    />
  );
}

/** Who the content preview addresses: the first contact of the audience's sample, else the example. */
function usePreviewRecipient(slug: string, channel: CampaignChannel, audience: Audience) {
  const estimate = useAudienceEstimate(slug, channel, audience);
  const sample = estimate.data?.sample[0];
  return sample
    ? {
        name: sample.name,
        company: null,
        email: channel === 'email' ? sample.address : null,
        phone: channel === 'email' ? null : sample.address,
      }
    : EXAMPLE_RECIPIENT;
}

/** The editor's tabs, in the order a campaign is built: who, what, then when. */
function EditorTabsList() {
  return (
    <TabsList label="Campaign editor">
      <TabsTrigger value="audience" data-testid="editor-tab-audience">
        Audience
      </TabsTrigger>
      <TabsTrigger value="content" data-testid="editor-tab-content">
        Content
      </TabsTrigger>
      <TabsTrigger value="details" data-testid="editor-tab-details">
        Details
      </TabsTrigger>
    </TabsList>
  );
}

/** The editor's header buttons: back (to the viewer, or the list for a new campaign) and save draft. */
function EditorHeaderActions({
  onBack,
  saving,
  saveDisabled,
  onSaveDraft,
}: {
  readonly onBack: () => void;
  readonly saving: boolean;
  readonly saveDisabled: boolean;
  readonly onSaveDraft: () => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        icon={<ArrowLeft aria-hidden="true" />}
        onClick={onBack}
        data-testid="editor-back"
      >
        Back
      </Button>
      <Button
        icon={<Save aria-hidden="true" />}
        loading={saving}
        disabled={saveDisabled}
        onClick={onSaveDraft}
        data-testid="save-draft"
      >
        Save draft
      </Button>
    </>
  );
}

function EditorForm({
  slug,
  timeZone,
  campaign,
  channel,
}: {
  readonly slug: string;
  readonly timeZone: string;
  readonly campaign: Campaign | null;
  readonly channel: CampaignChannel;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useTabParam(TABS, 'audience');
  const [saved, setSaved] = useState<Draft>(() =>
    campaign ? draftOf(campaign) : emptyDraft(channel),
  );
  const [draft, setDraft] = useState<Draft>(saved);
  const [sendMode, setSendMode] = useState<'now' | 'later'>('now');
  const [local, setLocal] = useState(() => campaign?.schedule.local ?? suggestedLocal());
  const [problems, setProblems] = useState<string[] | null>(null);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const { blocker, allowNext } = useLeaveGuard(dirty);
  const recipient = usePreviewRecipient(slug, channel, draft.audience);

  // `stay`: saving on the way to scheduling (the schedule then opens the viewer).
  const save = useMutation({
    mutationFn: async (_stay: boolean): Promise<Campaign> =>
      campaign
        ? campaignApi.patch(slug, campaign.id, draft)
        : campaignApi.create(slug, { channel, ...draft }),
    onSuccess: (c, stay) => {
      queryClient.setQueryData(campaignKeys.campaign(slug, c.id), c);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(slug) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.overview(slug) });
      setSaved(draftOf(c));
      setProblems(null);
      if (!campaign && !stay) {
        allowNext();
        void navigate(campaignPaths.editor(slug, c.id, tab), { replace: true });
      }
    },
  });
  const schedule = useMutation({
    mutationFn: async () => {
      const c = dirty || !campaign ? await save.mutateAsync(true) : campaign;
      return campaignApi.schedule(slug, c.id, { sendAt: sendMode === 'now' ? 'now' : local });
    },
    onSuccess: (c) => {
      queryClient.setQueryData(campaignKeys.campaign(slug, c.id), c);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all(slug) });
      toast({
        tone: 'success',
        title: sendMode === 'now' ? 'Campaign is sending' : 'Campaign scheduled',
        description: c.name,
      });
      allowNext();
      void navigate(campaignPaths.viewer(slug, c.id));
    },
    onError: (error) => setProblems(errorLines(error)),
  });
  const onSaveDraft = () =>
    save.mutate(false, {
      onSuccess: () => toast({ tone: 'success', title: 'Draft saved' }),
      onError: (error) =>
        toast({
          tone: 'danger',
          title: 'The draft was not saved',
          description: errorLines(error).join(' '),
        }),
    });
  const serverProblems = !dirty && campaign ? campaign.problems : null;
  const shownProblems = problems ?? serverProblems;
  const title = campaign?.name || `New ${CHANNEL_LABELS[channel]} campaign`;

  return (
    <Page
      title={title}
      subtitle={
        <span className="cmp-header-meta">
          <ChannelLabel channel={channel} />
          {campaign ? <StatusBadge status={campaign.status} /> : <span>Not saved yet</span>}
          {dirty ? <span data-testid="editor-unsaved">Unsaved changes</span> : null}
        </span>
      }
      data-testid="campaign-editor"
      actions={
        <EditorHeaderActions
          onBack={() =>
            void navigate(
              campaign ? campaignPaths.viewer(slug, campaign.id) : campaignPaths.list(slug),
            )
          }
          saving={save.isPending && !schedule.isPending}
          saveDisabled={!dirty && campaign !== null}
          onSaveDraft={onSaveDraft}
        />
      }
    >
      {!campaign && channel === 'whatsapp' ? <WhatsappTemplateGate slug={slug} /> : null}
      <LeaveDialog
        blocker={blocker}
        title={CAMPAIGN_TEXT.exitCampaign}
        body={CAMPAIGN_TEXT.exitCampaignBody}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <EditorTabsList />
        <TabsContent value="audience" className="cmp-tab">
          <AudienceBuilder
            slug={slug}
            channel={channel}
            audience={draft.audience}
            onChange={(audience) => setDraft((d) => ({ ...d, audience }))}
          />
        </TabsContent>
        <TabsContent value="content" className="cmp-tab">
          <ContentEditor
            slug={slug}
            content={draft.content}
            onChange={(content) => setDraft((d) => ({ ...d, content }))}
            recipient={recipient}
          />
        </TabsContent>
        <TabsContent value="details" className="cmp-tab">
          <DetailsTab
            timeZone={timeZone}
            name={draft.name}
            onNameChange={(name) => setDraft((d) => ({ ...d, name }))}
            sendMode={sendMode}
            onSendModeChange={setSendMode}
            local={local}
            onLocalChange={setLocal}
            problems={shownProblems}
            scheduling={schedule.isPending}
            onSchedule={() => schedule.mutate()}
          />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/** campaigns/editor/{id}: tabs audience (default), content, details; 'new' with `?channel=`. */
export function CampaignEditorPage() {
  const session = useSession();
  const slug = session.slug;
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const channelParam = params.get('channel');
  const channel = CHANNELS.find((c) => c === channelParam);
  const query = useQuery({ ...campaignQuery(slug, id), enabled: !isNew });

  if (isNew && !channel)
    return (
      <Page title="New campaign" data-testid="campaign-editor">
        <NewCampaignDialog
          slug={slug}
          open
          onOpenChange={(o) => {
            if (!o) void navigate(campaignPaths.list(slug));
          }}
        />
      </Page>
    );
  if (isNew)
    return (
      <EditorForm
        key="new"
        slug={slug}
        timeZone={session.workspace.timeZone}
        campaign={null}
        channel={channel!}
      />
    );
  if (query.isPending)
    return (
      <Page title="Campaign" data-testid="campaign-editor">
        <div className="cmp-stack" role="status" aria-label="Loading the campaign">
          <Skeleton height={36} />
          <Skeleton height={240} />
        </div>
      </Page>
    );
  if (query.isError)
    return (
      <Page title="Campaign" data-testid="campaign-editor">
        <div className="ui-card">
          {query.error instanceof ApiError && query.error.status === 404 ? (
            <EmptyState
              title="Campaign not found"
              body="It may have been deleted."
              actions={<Link to={campaignPaths.list(slug)}>All campaigns</Link>}
            />
          ) : (
            <ErrorState
              title="The campaign could not be loaded"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )}
        </div>
      </Page>
    );
  const campaign = query.data;
  if (campaign.status !== 'draft')
    return (
      <Page title={campaign.name} data-testid="campaign-editor">
        <div className="ui-card">
          <EmptyState
            title="Only drafts can be edited"
            body={
              campaign.status === 'scheduled'
                ? 'This campaign is scheduled. Unschedule it to change it.'
                : `This campaign is ${campaign.status}.`
            }
            actions={
              <Link to={campaignPaths.viewer(slug, campaign.id)} data-testid="editor-open-viewer">
                Open the campaign
              </Link>
            }
            data-testid="editor-not-draft"
          />
        </div>
      </Page>
    );
  return (
    <EditorForm
      key={campaign.id}
      slug={slug}
      timeZone={session.workspace.timeZone}
      campaign={campaign}
      channel={campaign.channel}
    />
  );
}
