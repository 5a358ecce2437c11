/**
 * One agent of the agent list: avatar, name, email, the status badge by agentContactState, a
 * details popup, and a call badge (On call, On hold, Ended) that opens the conversation.
 */
import { Phone } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import type { AgentContactState, StatusListItem } from '../api/contract';
import { AGENT_STATE_NAMES } from '../controller/constants';
import type { AgentRow } from '../lists/lists';
import { useVoiceMessages } from '../i18n/context';
import { VoiceAvatar } from '../ui/avatar';
import { VoiceBadge } from '../ui/badge';
import type { VoiceBadgeTone } from '../ui/badge';
import { VoiceButton } from '../ui/button';
import { VoicePopover, VoicePopoverAnchor, VoicePopoverContent } from '../ui/popover';

/** Height of an agent row in the virtual list (px). */
export const AGENT_ROW_HEIGHT = 60;

/** The presence kind of a status name: `available` (On), `away`, `offline` (Off) or `custom`. */
export function presenceKind(status: string): 'available' | 'away' | 'offline' | 'custom' {
  if (status === AGENT_STATE_NAMES.available) return 'available';
  if (status === AGENT_STATE_NAMES.away) return 'away';
  if (status === AGENT_STATE_NAMES.offline) return 'offline';
  return 'custom';
}

const PRESENCE_TONES: Record<ReturnType<typeof presenceKind>, VoiceBadgeTone> = {
  available: 'success',
  away: 'warning',
  offline: 'neutral',
  custom: 'neutral',
};

const CALL_TONES: Record<AgentContactState, VoiceBadgeTone> = {
  CONNECTING: 'warning',
  CONNECTED: 'accent',
  CONNECTED_ONHOLD: 'warning',
  ENDED: 'neutral',
  REJECTED: 'danger',
  MISSED: 'danger',
  ERROR: 'danger',
};

/** The status badge of an agent: its call state when on a contact, else its presence. */
export function AgentStatusBadge(props: { readonly row: AgentRow<StatusListItem> }): ReactElement {
  const { t } = useVoiceMessages();
  const { row } = props;
  const state = row.connection?.agentContactState;
  if (row.badge && state) {
    return (
      <VoiceBadge
        tone={CALL_TONES[state]}
        className="xv-agent__badge"
        data-state={state}
        icon={<Phone size={12} aria-hidden="true" />}
      >
        {t(row.badge)}
      </VoiceBadge>
    );
  }
  const kind = presenceKind(row.item.status.name);
  return (
    <VoiceBadge tone={PRESENCE_TONES[kind]} className="xv-agent__badge" data-state={kind}>
      <span className="xv-agent__dot" aria-hidden="true" />
      {t(row.presence)}
    </VoiceBadge>
  );
}

/** Props of one agent row. */
export interface AgentRowViewProps {
  readonly row: AgentRow<StatusListItem>;
  /** Offset from the top of the virtual list (px). */
  readonly start: number;
  readonly index: number;
  readonly setSize: number;
  /** Opens the conversation of the agent's live connection (call badges On call, On hold, Ended). */
  readonly onOpenConversation: (row: AgentRow<StatusListItem>) => void;
}

/**
 * The row's main button (avatar, name, email) and the agent's details popup it opens. The Radix
 * popover is mounted the first time the popup opens, anchored to the button: a popover per row
 * would double the list's first render for popups nobody opened.
 */
function AgentDetailsButton(props: {
  readonly row: AgentRow<StatusListItem>;
  readonly onOpenConversation: (row: AgentRow<StatusListItem>) => void;
}): ReactElement {
  const { t } = useVoiceMessages();
  const { row, onOpenConversation } = props;
  const { agent, team } = row.item;
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closedOutside = useRef(false);
  const contentId = useId();
  return (
    <>
      <button
        ref={button}
        type="button"
        className="xv-agent__main"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setMounted(true);
          setOpen((o) => !o);
        }}
      >
        <VoiceAvatar name={agent.name} src={agent.avatarURL} size={32} />
        <span className="xv-agent__text">
          <span className="xv-agent__name">{agent.name}</span>{' '}
          <span className="xv-agent__email">{agent.email}</span>
        </span>
      </button>
      {mounted && (
        <VoicePopover open={open} onOpenChange={setOpen}>
          <VoicePopoverAnchor virtualRef={button} />
          <VoicePopoverContent
            id={contentId}
            className="xv-agent-details"
            aria-label={t('agentDetails', { name: agent.name })}
            side="bottom"
            align="start"
            data-testid="voice-agent-details"
            // A press on the button is its own toggle, not an outside click that closes first.
            onInteractOutside={(e) => {
              if (button.current?.contains(e.target as Node)) e.preventDefault();
              else closedOutside.current = true;
            }}
            // Focus goes back to the button unless the user clicked or moved focus elsewhere.
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              if (!closedOutside.current) button.current?.focus();
              closedOutside.current = false;
            }}
          >
            <div className="xv-agent-details__head">
              <VoiceAvatar name={agent.name} src={agent.avatarURL} size={44} />
              <div className="xv-agent-details__who">
                <p className="xv-agent-details__name">{agent.name}</p>
                <a className="xv-agent-details__email" href={`mailto:${agent.email}`}>
                  {agent.email}
                </a>
              </div>
            </div>
            <dl className="xv-agent-details__facts">
              <div>
                <dt>{t('agentDetailsStatus')}</dt>
                <dd>{t(row.presence)}</dd>
              </div>
              <div>
                <dt>{t('agentDetailsTeam')}</dt>
                <dd>
                  {team?.name ? `${team.emoji ? `${team.emoji} ` : ''}${team.name}` : t('noTeam')}
                </dd>
              </div>
              {row.badge && (
                <div>
                  <dt>{t('agentDetailsCall')}</dt>
                  <dd>
                    <AgentStatusBadge row={row} />
                  </dd>
                </div>
              )}
            </dl>
            {row.opensConversation && (
              <VoiceButton
                size="sm"
                variant="secondary"
                block
                onClick={() => onOpenConversation(row)}
              >
                {t('openConversation')}
              </VoiceButton>
            )}
          </VoicePopoverContent>
        </VoicePopover>
      )}
    </>
  );
}

/** One agent row (role listitem). */
export const AgentRowView = memo(function AgentRowView(props: AgentRowViewProps): ReactElement {
  const { t } = useVoiceMessages();
  const { row, start, index, setSize, onOpenConversation } = props;
  const style: CSSProperties = { transform: `translateY(${start}px)`, height: AGENT_ROW_HEIGHT };
  const { agent, status } = row.item;
  const kind = presenceKind(status.name);
  const state = row.connection?.agentContactState;
  const badgeText = row.badge ? t(row.badge) : t(row.presence);
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="xv-agent"
      data-testid="voice-agent-row"
      data-agent={agent.idAgent}
      data-state={kind}
      data-contact-state={state}
      style={style}
    >
      <AgentDetailsButton row={row} onOpenConversation={onOpenConversation} />
      {row.opensConversation ? (
        <button
          type="button"
          className="xv-agent__call"
          data-testid="voice-agent-call-badge"
          aria-label={t('openAgentConversation', { badge: badgeText, name: agent.name })}
          onClick={() => onOpenConversation(row)}
        >
          <AgentStatusBadge row={row} />
        </button>
      ) : (
        <AgentStatusBadge row={row} />
      )}
    </div>
  );
});
