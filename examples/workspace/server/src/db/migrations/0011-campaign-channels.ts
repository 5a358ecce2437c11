// Campaigns on the channel adapters: a message's receipts come from the provider (read where the
// channel reports it), a recipient who opted out of the channel is skipped and counted as such,
// and a customer's reply to a campaign links their conversation to it. The sandbox provider's
// delivery log goes: nothing is simulated any more.
import type { SqlMigration } from './types';

export const campaignChannels: SqlMigration = {
  name: '0011-campaign-channels',
  up: [
    `ALTER TABLE campaign_messages DROP CONSTRAINT campaign_messages_status_check`,
    `ALTER TABLE campaign_messages ADD CONSTRAINT campaign_messages_status_check
      CHECK (status IN ('queued', 'sent', 'failed', 'cancelled', 'opted_out'))`,
    `ALTER TABLE campaign_messages ADD COLUMN read_at timestamptz`,
    // Receipts find their message by the provider's id (`sms:SM…`, `whatsapp:wamid.…`).
    `CREATE INDEX campaign_messages_provider_idx ON campaign_messages (provider_message_id)
      WHERE provider_message_id IS NOT NULL`,
    // A customer's message finds the campaign message it answers: same workspace and address.
    `CREATE INDEX campaign_messages_reply_idx ON campaign_messages (workspace_id, address, sent_at)
      WHERE sent_at IS NOT NULL`,
    `ALTER TABLE conversations ADD COLUMN campaign_id text REFERENCES campaigns (id) ON DELETE SET NULL`,
    `CREATE INDEX conversations_campaign_idx ON conversations (campaign_id) WHERE campaign_id IS NOT NULL`,
    `DROP TABLE sandbox_channel_deliveries`,
  ],
};
