import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, Dialog } from '../../../ui';
import type { CampaignChannel } from '../api/types';
import { campaignPaths } from '../paths';
import { ChannelIcon } from './badges';

const CHOICES: readonly { channel: CampaignChannel; title: string; body: string }[] = [
  {
    channel: 'whatsapp',
    title: 'WhatsApp',
    body: 'Send an approved message template, personalised per contact.',
  },
  { channel: 'email', title: 'Email', body: 'A subject and a message, personalised per contact.' },
  { channel: 'sms', title: 'SMS', body: 'A short text; long ones are sent in several segments.' },
];

/** The "New campaign" page action (the overview's and the list's) that opens {@link NewCampaignDialog}. */
export function NewCampaignButton({ onClick }: { readonly onClick: () => void }) {
  return (
    <Button
      variant="primary"
      icon={<Plus aria-hidden="true" />}
      onClick={onClick}
      data-testid="new-campaign"
    >
      New campaign
    </Button>
  );
}

/** Picks the channel of a new campaign, then opens its editor. */
export function NewCampaignDialog({
  slug,
  open,
  onOpenChange,
}: {
  readonly slug: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New campaign"
      description="Choose the channel to send it on."
      data-testid="new-campaign-dialog"
    >
      <div className="cmp-choices">
        {CHOICES.map((c) => (
          <button
            key={c.channel}
            type="button"
            className="cmp-choice"
            data-testid={`new-campaign-${c.channel}`}
            onClick={() => {
              onOpenChange(false);
              void navigate(campaignPaths.newCampaign(slug, c.channel));
            }}
          >
            <span className="cmp-choice__icon" data-channel={c.channel}>
              <ChannelIcon channel={c.channel} />
            </span>
            <span className="cmp-choice__text">
              <span className="cmp-choice__title">{c.title}</span>
              <span className="cmp-choice__body">{c.body}</span>
            </span>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
