import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, PanelRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../session/hooks/use-session';
import { Avatar, Badge, ErrorState, IconButton, Select, Skeleton, toast } from '../../../ui';
import { ApiError } from '../../../api/client';
import { CallContactButton } from '../../voice/components/call-contact-button';
import {
  agentsQuery,
  conversationQuery,
  inboxKeys,
  tagsQuery,
  updateConversation,
} from '../api/inbox-api';
import type { ConversationStatus, ConversationSummary } from '../api/types';
import { CHANNELS } from './conversation-row';
import { useInboxList } from '../hooks/use-inbox-list';
import { CampaignReplyLink } from './campaign-reply-link';
import { Composer } from './composer';
import { contactPanelOpen, withContactPanel } from '../contact-panel-query';
import { errorText } from '../../../lib/error-text';

// The contact beside a conversation (with the phone-number library) loads when it is asked for.
const ContactPanel = lazy(() =>
  import('./contact-panel').then((m) => ({ default: m.ContactPanel })),
);
import { SurveyStatus } from './survey-status';
import { Timeline } from './timeline';
import { PRIORITY_OPTIONS, SnoozeMenu, STATUS_LABEL, TagEditor, snoozedLabel } from './triage';
import { ConversationShortcuts } from './lazy-shortcuts';
import { SHORTCUT_COPY } from '../messages';

const UNASSIGNED = '__unassigned__';

/** The statuses one sets by hand (a snooze comes with a time, from the Snooze menu). */
const SETTABLE: readonly ConversationStatus[] = ['open', 'pending', 'closed'];
const statusOptions = (current: ConversationStatus) =>
  (current === 'snoozed' ? [...SETTABLE, current] : SETTABLE).map((value) => ({
    value,
    label: STATUS_LABEL[value],
  }));

/** R and N: the composer in reply or note mode, with the focus in its field. */
function focusComposer(mode: 'message' | 'note'): void {
  document.querySelector<HTMLElement>(`[data-testid="composer-mode-${mode}"]`)?.click();
  document.querySelector<HTMLElement>('[data-testid="composer-input"]')?.focus();
}

/** S: focuses `el` and opens it as a keyboard user would (Enter on a menu trigger). */
function openByKeyboard(el: HTMLElement | null): void {
  if (!el || (el as HTMLButtonElement).disabled) return;
  el.focus();
  el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

/** T: the tag list, focused and opened (a native select shows its picker on request). */
function openSelect(select: HTMLSelectElement | null): void {
  if (!select || select.disabled) return;
  select.focus();
  try {
    select.showPicker();
  } catch {
    // Not allowed here (no user activation, or not supported): the focus is on it, Space opens it.
  }
}

type ConversationUpdate = Parameters<typeof updateConversation>[2];

/** The header's triage row: tags, priority, snooze, and until when a snoozed conversation sleeps. */
function ConversationTriage({
  conversation,
  busy,
  onUpdate,
}: {
  readonly conversation: ConversationSummary;
  readonly busy: boolean;
  readonly onUpdate: (input: ConversationUpdate) => void;
}) {
  const session = useSession();
  const allTags = useQuery(tagsQuery(session.slug));
  return (
    <div className="conversation-header__triage">
      <TagEditor
        tags={conversation.tags}
        allTags={allTags.data ?? []}
        disabled={busy}
        onChange={(tagIds) => onUpdate({ tagIds })}
      />
      <Select
        label="Priority"
        value={conversation.priority}
        options={PRIORITY_OPTIONS}
        disabled={busy}
        onValueChange={(priority) => onUpdate({ priority })}
        data-testid="conversation-priority"
      />
      <SnoozeMenu
        disabled={busy}
        onSnooze={(until) => onUpdate({ snoozedUntil: until.toISOString() })}
        data-testid="conversation-snooze"
      />
      {conversation.status === 'snoozed' ? (
        <span className="conversation-header__snoozed" data-testid="conversation-snoozed">
          {snoozedLabel(conversation.snoozedUntil)}
        </span>
      ) : null}
    </div>
  );
}

function ConversationHeader({ conversation }: { readonly conversation: ConversationSummary }) {
  const session = useSession();
  const list = useInboxList();
  const location = useLocation();
  const navigate = useNavigate();
  const contactShown = contactPanelOpen(location.search);
  const queryClient = useQueryClient();
  const agents = useQuery(agentsQuery(session.slug));
  const update = useMutation({
    mutationFn: (input: Parameters<typeof updateConversation>[2]) =>
      updateConversation(session.slug, conversation.id, input),
    onSuccess: (result) => {
      queryClient.setQueryData(
        inboxKeys.conversation(session.slug, conversation.id),
        result.conversation,
      );
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(session.slug) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.counts(session.slug) });
    },
    onError: (error) =>
      toast({
        tone: 'danger',
        title: 'The conversation was not updated',
        description: errorText(error, undefined),
      }),
  });
  // The open conversation's shortcuts (the list-wide ones and the `?` overlay: InboxShortcuts).
  const me = session.profile.idAgent;
  const shortcuts = {
    r: () => focusComposer('message'),
    n: () => focusComposer('note'),
    a:
      me === null
        ? undefined
        : () => {
            if (conversation.assignee?.id !== me)
              update.mutate(
                { assigneeId: me },
                { onSuccess: () => toast({ tone: 'success', title: SHORTCUT_COPY.assigned }) },
              );
          },
    e: () => {
      if (conversation.status !== 'closed')
        update.mutate(
          { status: 'closed' },
          { onSuccess: () => toast({ tone: 'success', title: SHORTCUT_COPY.closed }) },
        );
    },
    s: () => openByKeyboard(document.querySelector('[data-testid="conversation-snooze"]')),
    t: () => openSelect(document.querySelector('[data-testid="tag-add"]')),
    i: () =>
      void navigate(`${location.pathname}${withContactPanel(location.search, !contactShown)}`),
  };
  const assigneeOptions = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(agents.data ?? (conversation.assignee ? [conversation.assignee] : [])).map((a) => ({
      value: a.id,
      label: a.name,
    })),
  ];
  return (
    <header className="conversation-header">
      <ConversationShortcuts actions={shortcuts} />
      <Link
        className="ui-icon-button conversation-header__back"
        to={`${paths.inboxList(session.slug, list)}${location.search}`}
        aria-label="Back to the list"
      >
        <ArrowLeft aria-hidden="true" />
      </Link>
      <Avatar
        name={conversation.contact.displayName}
        src={conversation.contact.avatarURL}
        size={36}
      />
      <div className="conversation-header__who">
        <h1 className="conversation-header__name" data-testid="conversation-title">
          <Link to={paths.contactProfile(session.slug, conversation.contact.id)}>
            {conversation.contact.displayName}
          </Link>
        </h1>
        <p className="conversation-header__meta">
          <Badge>{CHANNELS[conversation.channel].label}</Badge>
          <span>{conversation.subject}</span>
        </p>
        <CampaignReplyLink campaign={conversation.campaign} />
      </div>
      <div className="conversation-header__actions">
        <IconButton
          label={contactShown ? 'Hide contact details' : 'Show contact details'}
          aria-pressed={contactShown}
          onClick={() =>
            void navigate(`${location.pathname}${withContactPanel(location.search, !contactShown)}`)
          }
          data-testid="conversation-contact-toggle"
        >
          <PanelRight aria-hidden="true" />
        </IconButton>
        {conversation.contact.phone ? (
          <CallContactButton
            phone={conversation.contact.phone}
            contactName={conversation.contact.displayName}
          />
        ) : null}
        <div className="conversation-header__assignee">
          <Select
            label="Assignee"
            value={conversation.assignee?.id ?? UNASSIGNED}
            options={assigneeOptions}
            disabled={update.isPending}
            onValueChange={(value) =>
              update.mutate({ assigneeId: value === UNASSIGNED ? null : value })
            }
            data-testid="conversation-assignee"
          />
        </div>
        <div className="conversation-header__status">
          <Select
            label="Status"
            value={conversation.status}
            options={statusOptions(conversation.status)}
            disabled={update.isPending}
            onValueChange={(status) => {
              if (status !== 'snoozed') update.mutate({ status });
            }}
            data-testid="conversation-status"
          />
        </div>
      </div>
      <ConversationTriage
        conversation={conversation}
        busy={update.isPending}
        onUpdate={(input) => update.mutate(input)}
      />
    </header>
  );
}

/** A conversation: header with assignment and status, the timeline of parts, and the composer. */
export function ConversationView() {
  const session = useSession();
  const { conversationId = '', idPart } = useParams();
  const location = useLocation();
  const query = useQuery(conversationQuery(session.slug, conversationId));
  // A call part takes the side column when both are asked for.
  const contact = !idPart && contactPanelOpen(location.search) && query.data ? query.data : null;
  return (
    <div
      className="conversation-pane"
      data-has-part={idPart ? '' : undefined}
      data-has-contact={contact ? '' : undefined}
    >
      <section
        className="conversation"
        data-testid="conversation-view"
        aria-label="Conversation"
        aria-busy={query.isPending}
      >
        {query.isPending ? (
          <div className="conversation__loading" role="status" aria-label="Loading conversation">
            <div className="conversation-header">
              <Skeleton width={36} height={36} radius="50%" />
              <div style={{ display: 'grid', gap: 6, flex: 1 }}>
                <Skeleton width={160} height={14} />
                <Skeleton width={110} height={11} />
              </div>
            </div>
            <div style={{ padding: 24, display: 'grid', gap: 18 }}>
              <Skeleton width="55%" height={52} radius={12} />
              <Skeleton width="40%" height={40} radius={12} style={{ justifySelf: 'end' }} />
              <Skeleton width="62%" height={64} radius={12} />
            </div>
          </div>
        ) : query.isError ? (
          <ErrorState
            title={
              query.error instanceof ApiError && query.error.status === 404
                ? 'This conversation does not exist'
                : 'The conversation could not be loaded'
            }
            error={
              query.error instanceof ApiError && query.error.status === 404
                ? undefined
                : query.error
            }
            onRetry={() => void query.refetch()}
            data-testid="conversation-error"
          />
        ) : (
          <>
            <ConversationHeader conversation={query.data} />
            <Timeline conversation={query.data} />
            <SurveyStatus conversation={query.data} />
            <Composer conversation={query.data} />
          </>
        )}
      </section>
      {contact ? (
        <Suspense fallback={null}>
          <ContactPanel conversation={contact} />
        </Suspense>
      ) : null}
      <Outlet />
    </div>
  );
}
