import { Link } from 'react-router';
import { canOpenCampaigns } from '../../session/permits';
import { useSession } from '../../session/hooks/use-session';
import { campaignPaths } from '../../campaigns/paths';
import type { ConversationSummary } from '../api/types';
import { INBOX_COPY } from '../messages';

/**
 * "Reply to campaign <name>" on a conversation a customer's reply to a campaign opened (linked by
 * the server's intake); the name links to the campaign's report for those who may open campaigns.
 */
export function CampaignReplyLink({
  campaign,
}: {
  readonly campaign: ConversationSummary['campaign'];
}) {
  const session = useSession();
  if (!campaign) return null;
  return (
    <p className="conversation-header__campaign" data-testid="conversation-campaign">
      {INBOX_COPY.replyToCampaign}{' '}
      {canOpenCampaigns(session.permits) ? (
        <Link to={campaignPaths.viewer(session.slug, campaign.id, 'reports')}>{campaign.name}</Link>
      ) : (
        <span>{campaign.name}</span>
      )}
    </p>
  );
}
