// Campaign templates (WhatsApp, email, SMS) with their review status.
import type { SqlMigration } from './types';

export const campaignTemplates: SqlMigration = {
  name: '0004-campaign-templates',
  up: [
    `CREATE TABLE campaign_templates (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('whatsapp', 'email', 'sms')),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      language text NOT NULL DEFAULT 'en',
      body text NOT NULL,
      variables jsonb NOT NULL DEFAULT '[]',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX campaign_templates_channel_idx ON campaign_templates (workspace_id, channel, lower(name))`,
  ],
};
