import { Mail, MessageCircle, MessageSquare, MessagesSquare, Phone } from 'lucide-react';
import { NavLink } from 'react-router';
import { formatDateTime, formatListTime } from '../../../lib/format';
import { Avatar } from '../../../ui';
import type { Channel, ConversationSummary } from '../api/types';
import { PriorityBadge, snoozedLabel } from './triage';

/** The icon and name of each channel. */
export const CHANNELS: Record<Channel, { icon: typeof Phone; label: string }> = {
  whatsapp: { icon: MessageCircle, label: 'WhatsApp' },
  email: { icon: Mail, label: 'Email' },
  sms: { icon: MessageSquare, label: 'SMS' },
  chat: { icon: MessagesSquare, label: 'Chat' },
  voice: { icon: Phone, label: 'Voice' },
};

/** One conversation in a list: contact, last activity, channel and preview, assignee. */
export function ConversationRow({
  conversation,
  to,
}: {
  readonly conversation: ConversationSummary;
  readonly to: string;
}) {
  const channel = CHANNELS[conversation.channel];
  const Icon = channel.icon;
  const at = conversation.lastMessageAt;
  return (
    <NavLink
      to={to}
      className="conversation-row"
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
      data-status={conversation.status}
    >
      <Avatar
        name={conversation.contact.displayName}
        src={conversation.contact.avatarURL}
        size={34}
      />
      <span className="conversation-row__main">
        <span className="conversation-row__top">
          <span className="conversation-row__name">{conversation.contact.displayName}</span>
          <time className="conversation-row__time" dateTime={at} title={formatDateTime(at)}>
            {formatListTime(at)}
          </time>
        </span>
        <span className="conversation-row__subject">
          <PriorityBadge priority={conversation.priority} />
          {conversation.status === 'snoozed' ? (
            <span className="conversation-row__snoozed">
              {snoozedLabel(conversation.snoozedUntil)}
            </span>
          ) : (
            conversation.subject
          )}
        </span>
        <span className="conversation-row__preview">
          <Icon aria-label={channel.label} role="img" />
          <span>{conversation.lastMessagePreview || 'No messages yet'}</span>
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
