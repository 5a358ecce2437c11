import { MessageSquare, Phone, StickyNote } from 'lucide-react';
import { NavLink } from 'react-router';
import { formatDateTime, formatListTime } from '../../../lib/format';
import { Avatar } from '../../../ui';
import type { ConversationSummary } from '../api/types';
import { contactDisplayName } from '../../../lib/contact-name';

const PART_ICONS = {
  message: MessageSquare,
  note: StickyNote,
  call: Phone,
  event: MessageSquare,
} as const;

/** One conversation in a list: contact, last activity, preview, assignee. */
export function ConversationRow({
  conversation,
  to,
}: {
  readonly conversation: ConversationSummary;
  readonly to: string;
}) {
  const last = conversation.lastPart;
  const Icon = PART_ICONS[last?.type ?? 'message'];
  const at = last?.createdAt ?? conversation.updatedAt;
  return (
    <NavLink
      to={to}
      className="conversation-row"
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
    >
      <Avatar
        name={contactDisplayName(conversation.contact)}
        src={conversation.contact.avatar}
        size={34}
      />
      <span className="conversation-row__main">
        <span className="conversation-row__top">
          <span className="conversation-row__name">{contactDisplayName(conversation.contact)}</span>
          <time className="conversation-row__time" dateTime={at} title={formatDateTime(at)}>
            {formatListTime(at)}
          </time>
        </span>
        <span className="conversation-row__preview">
          <Icon aria-hidden="true" />
          <span>{last?.preview ?? 'No messages yet'}</span>
        </span>
      </span>
      {conversation.assignee ? (
        <span
          className="conversation-row__assignee"
          title={`Assigned to ${conversation.assignee.name}`}
        >
          <Avatar
            name={conversation.assignee.name}
            src={conversation.assignee.avatarURL}
            size={20}
          />
        </span>
      ) : null}
    </NavLink>
  );
}
