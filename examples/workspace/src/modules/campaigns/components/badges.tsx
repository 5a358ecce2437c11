import { Mail, MessageCircle, MessageSquareText } from 'lucide-react';
import { Badge } from '../../../ui';
import type { BadgeTone } from '../../../ui';
import type { CampaignChannel, CampaignStatus, TemplateStatus } from '../api/types';
import { CHANNEL_LABELS, STATUS_LABELS, TEMPLATE_STATUS_LABELS } from '../messages';

const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'info',
  sending: 'accent',
  sent: 'success',
  cancelled: 'warning',
};

const TEMPLATE_TONES: Record<TemplateStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** A campaign's state as a coloured pill. */
export function StatusBadge({ status }: { readonly status: CampaignStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-testid="campaign-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** A template's review state as a coloured pill. */
export function TemplateStatusBadge({ status }: { readonly status: TemplateStatus }) {
  return (
    <Badge tone={TEMPLATE_TONES[status]} data-testid="template-status">
      {TEMPLATE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The icon of a channel. */
export function ChannelIcon({ channel }: { readonly channel: CampaignChannel }) {
  if (channel === 'whatsapp') return <MessageCircle aria-hidden="true" />;
  if (channel === 'email') return <Mail aria-hidden="true" />;
  return <MessageSquareText aria-hidden="true" />;
}

/** A channel with its icon. */
export function ChannelLabel({ channel }: { readonly channel: CampaignChannel }) {
  return (
    <span className="cmp-channel" data-channel={channel}>
      <ChannelIcon channel={channel} />
      {CHANNEL_LABELS[channel]}
    </span>
  );
}
