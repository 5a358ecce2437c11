/**
 * The voice panel's 'Agent list' tab: search by name or email, grouping 'By status' / 'By
 * team' with the agent-list ordering rules (lists.ts), collapsible groups remembered in local storage, agent rows with
 * their status badge and details popup, call badges that open the conversation, and the empty
 * states. The list is virtualised (TanStack Virtual): thousands of agents render a screenful of rows.
 */
import { ChevronDown, SearchX, Users } from 'lucide-react';
import { memo, useCallback, useMemo } from 'react';
import type { ReactElement } from 'react';
import type { StatusListItem } from '../api/contract';
import type { VoiceMessage } from '../controller/messages';
import { voiceRoutes } from '../lists/lists';
import type { AgentGroup, AgentGrouping, AgentRow } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import { useVoiceController } from '../react/context';
import { useAgentList } from '../react/list-hooks';
import { VoiceButton } from '../ui/button';
import { cx } from '../ui/cx';
import { VoiceEmptyState } from '../ui/empty-state';
import { VoiceSearchInput } from '../ui/search-input';
import { VoiceSelect } from '../ui/select';
import { VoiceSkeleton } from '../ui/skeleton';
import { AGENT_ROW_HEIGHT, AgentRowView } from './agent-row';
import {
  openHref,
  LoadFailedState,
  PanelNotice,
  useNotices,
  usePanelRefresh,
  useReloadFailedNotice,
} from './panel-shared';
import type { VoicePanelNavigation } from './panel-shared';
import { usePanelVirtualList } from './use-panel-virtual-list';

/** Height of a group heading in the virtual list (px). */
export const AGENT_GROUP_HEIGHT = 40;
/** Skeleton rows while the first page loads. */
const SKELETON_ROWS = 6;

/** The height of an item in the virtual list (px). */
function heightOf(item: Item | undefined): number {
  return item?.kind === 'group' ? AGENT_GROUP_HEIGHT : AGENT_ROW_HEIGHT;
}

/**
 * The conversation a call badge opens: the agent's live communication and, once looked up
 * (`GET /addons/voice/connections/{id}`), its conversation and app route.
 * @public
 */
export interface AgentConversationTarget {
  /** The agent whose badge was clicked. */
  readonly idAgent: string;
  /** The agent's live communication (contact). */
  readonly idCommunication: string;
}

/** Props of {@link AgentListTab}. @public */
export interface AgentListTabProps extends Partial<VoicePanelNavigation> {
  /** The grouping shown first (default 'By status'). */
  readonly defaultGrouping?: AgentGrouping;
  /**
   * Opens the conversation of a call badge (On call, On hold, Ended). Default: looks the
   * connection up and opens `inbox/all/conversations/{id}` with `navigate` (nothing without a
   * conversation id).
   */
  readonly onOpenConversation?: (target: AgentConversationTarget) => void;
  /**
   * The support chat: 'Request info' of the team-mode empty state sends it this prewritten message
   * (the button shows only when given).
   */
  readonly onRequestInfo?: (message: string) => void;
  /** An extra class on the tab's root. */
  readonly className?: string;
}

type Item =
  | { readonly kind: 'group'; readonly key: string; readonly group: AgentGroup<StatusListItem> }
  | { readonly kind: 'agent'; readonly key: string; readonly row: AgentRow<StatusListItem> };

const GroupHeading = memo(function GroupHeading(props: {
  readonly group: AgentGroup<StatusListItem>;
  readonly collapsed: boolean;
  readonly start: number;
  readonly index: number;
  readonly setSize: number;
  readonly onToggle: (groupId: string) => void;
}): ReactElement {
  const { t } = useVoiceMessages();
  const { group, collapsed, start, index, setSize, onToggle } = props;
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="xv-agent-group"
      data-state={collapsed ? 'closed' : 'open'}
      data-group={group.id}
      data-testid="voice-agent-group"
      style={{ transform: `translateY(${start}px)`, height: AGENT_GROUP_HEIGHT }}
    >
      <h3 className="xv-agent-group__heading">
        <button
          type="button"
          className="xv-agent-group__toggle"
          aria-expanded={!collapsed}
          onClick={() => onToggle(group.id)}
        >
          <ChevronDown className="xv-agent-group__chevron" size={16} aria-hidden="true" />
          {group.emoji && (
            <span className="xv-agent-group__emoji" aria-hidden="true">
              {group.emoji}
            </span>
          )}
          <span className="xv-agent-group__label">{t(group.label)}</span>{' '}
          <span className="xv-agent-group__count">
            <span aria-hidden="true">{group.rows.length}</span>
            <span className="xv-visually-hidden">
              {t('agentGroupCount', { count: group.rows.length })}
            </span>
          </span>
        </button>
      </h3>
    </div>
  );
});

/** What the agent list shows instead of its rows: skeletons, the load error or an empty state. */
function AgentListPlaceholder(props: {
  readonly state: 'loading' | 'error' | 'empty' | 'no-teams' | 'no-results';
  readonly error: VoiceMessage | null;
  readonly onRetry: () => Promise<void>;
  readonly onRequestInfo: AgentListTabProps['onRequestInfo'];
}): ReactElement {
  const { state, error, onRetry, onRequestInfo } = props;
  const { t } = useVoiceMessages();
  if (state === 'loading') {
    return (
      <div className="xv-panel-skeletons" data-testid="voice-agent-skeletons">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <div key={i} className="xv-agent xv-agent--skeleton" style={{ height: AGENT_ROW_HEIGHT }}>
            <VoiceSkeleton circle width={32} height={32} />
            <span className="xv-agent__text">
              <VoiceSkeleton width="55%" height={12} />
              <VoiceSkeleton width="75%" height={10} />
            </span>
          </div>
        ))}
      </div>
    );
  }
  if (state === 'error') return <LoadFailedState error={error} onRetry={onRetry} />;
  if (state === 'empty') {
    return (
      <VoiceEmptyState
        icon={<Users size={22} />}
        title={t('agentListEmptyTitle')}
        description={t('agentListEmptyDescription')}
      />
    );
  }
  if (state === 'no-teams') {
    return (
      <VoiceEmptyState
        icon={<Users size={22} />}
        title={t('noCallTeams')}
        description={t('noCallTeamsDescription')}
        action={
          onRequestInfo ? (
            <VoiceButton
              size="sm"
              variant="primary"
              onClick={() => onRequestInfo(t('requestInfoMessage'))}
            >
              {t('requestInfo')}
            </VoiceButton>
          ) : undefined
        }
      />
    );
  }
  return (
    <VoiceEmptyState
      icon={<SearchX size={22} />}
      title={t('agentListNoResults')}
      description={t('agentListNoResultsDescription')}
    />
  );
}

/**
 * The 'Agent list' tab of the voice panel (`GET /addons/voice/agents/status`, only agents among
 * the quick connects, without the current user). Needs a `VoiceProvider`.
 * @example
 * ```tsx
 * <AgentListTab slug="acme" navigate={router.navigate} onRequestInfo={(text) => chat.send(text)} />
 * ```
 * @public
 */
export function AgentListTab(props: AgentListTabProps): ReactElement {
  const { slug, navigate, onNotify, onOpenConversation, onRequestInfo, className } = props;
  const { t } = useVoiceMessages();
  const controller = useVoiceController();
  const list = useAgentList(props.defaultGrouping);
  const { notice, notify, dismiss } = useNotices(onNotify);
  usePanelRefresh(list.refresh);

  const items = useMemo(() => {
    const out: Item[] = [];
    for (const group of list.groups) {
      out.push({ kind: 'group', key: group.id, group });
      if (list.isCollapsed(group.id)) continue;
      for (const row of group.rows)
        out.push({ kind: 'agent', key: `${group.id}/${row.idAgent}`, row });
    }
    return out;
  }, [list]);

  const { scrollRef, virtualizer } = usePanelVirtualList(items, heightOf);

  const openConversation = useCallback(
    (row: AgentRow<StatusListItem>) => {
      const idCommunication = row.connection?.idCommunication;
      if (!idCommunication) return;
      if (onOpenConversation) {
        onOpenConversation({ idAgent: row.idAgent, idCommunication });
        return;
      }
      if (!slug) return;
      controller.api
        .getConnection(idCommunication)
        .then((connection) => {
          const href = voiceRoutes.conversation(slug, connection.idConversation);
          if (href) openHref(href, navigate);
        })
        .catch((error: unknown) => notify(error));
    },
    [controller, onOpenConversation, slug, navigate, notify],
  );

  useReloadFailedNotice(list.status === 'error' && items.length > 0 ? list.error : null, notify);

  const loading = (list.status === 'idle' || list.status === 'loading') && items.length === 0;
  const teamModeEmpty =
    list.grouping === 'team' && list.status === 'ready' && !list.empty && !list.hasTeams;
  const state = loading
    ? 'loading'
    : list.status === 'error' && items.length === 0
      ? 'error'
      : list.empty
        ? 'empty'
        : teamModeEmpty
          ? 'no-teams'
          : items.length === 0
            ? 'no-results'
            : 'ready';

  let body: ReactElement;
  if (state !== 'ready') {
    body = (
      <AgentListPlaceholder
        state={state}
        error={list.error}
        onRetry={list.refresh}
        onRequestInfo={onRequestInfo}
      />
    );
  } else {
    const virtualItems = virtualizer.getVirtualItems();
    body = (
      <div
        role="list"
        aria-label={t('agentListLabel')}
        className="xv-vlist"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((v) => {
          const item = items[v.index]!;
          return item.kind === 'group' ? (
            <GroupHeading
              key={v.key}
              group={item.group}
              collapsed={list.isCollapsed(item.group.id)}
              start={v.start}
              index={v.index}
              setSize={items.length}
              onToggle={list.toggleGroup}
            />
          ) : (
            <AgentRowView
              key={v.key}
              row={item.row}
              start={v.start}
              index={v.index}
              setSize={items.length}
              onOpenConversation={openConversation}
            />
          );
        })}
      </div>
    );
  }

  return (
    <div
      className={cx('xv-panel-tab xv-agent-list', className)}
      data-testid="voice-agent-list"
      data-state={state}
      data-grouping={list.grouping}
    >
      <div className="xv-panel-toolbar">
        <VoiceSearchInput
          className="xv-panel-toolbar__search"
          value={list.search}
          onValueChange={list.setSearch}
          placeholder={t('search')}
          label={t('agentSearchLabel')}
        />
        <VoiceSelect
          className="xv-panel-toolbar__select"
          aria-label={t('agentGrouping')}
          value={list.grouping}
          onChange={(e) => list.setGrouping(e.target.value === 'team' ? 'team' : 'status')}
        >
          <option value="status">{t('groupByStatus')}</option>
          <option value="team">{t('groupByTeam')}</option>
        </VoiceSelect>
      </div>
      <PanelNotice notice={notice} onDismiss={dismiss} />
      <div
        ref={scrollRef}
        className="xv-panel-scroll"
        aria-busy={list.status === 'loading' || list.status === 'idle'}
        data-testid="voice-agent-scroll"
      >
        {body}
      </div>
    </div>
  );
}
