// Campaigns (WhatsApp, email, SMS), their send queue (one row per recipient, claimed with
// FOR UPDATE SKIP LOCKED under a lease), and the sandbox channel provider's delivery log.
import type { SqlMigration } from './types';

export const campaigns: SqlMigration = {
  name: '0006-campaigns',
  up: [
    `CREATE TABLE campaigns (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      name text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('whatsapp', 'email', 'sms')),
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
      audience jsonb NOT NULL,
      content jsonb NOT NULL,
      template_id text REFERENCES campaign_templates (id) ON DELETE SET NULL,
      scheduled_at timestamptz,
      started_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      cancel_reason text,
      -- The WhatsApp template as it was when sending started: {name, language, body}.
      template_snapshot jsonb,
      recipients_total integer NOT NULL DEFAULT 0,
      created_by text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX campaigns_list_idx ON campaigns (workspace_id, created_at DESC, id DESC)`,
    // The scheduler's due list.
    `CREATE INDEX campaigns_due_idx ON campaigns (scheduled_at) WHERE status = 'scheduled'`,
    `CREATE INDEX campaigns_sending_idx ON campaigns (workspace_id) WHERE status = 'sending'`,
    // The send queue: one job per recipient (a snapshot of the contact taken when sending
    // starts). Workers claim queued rows whose lease is free; a crashed worker's lease expires
    // and another worker resumes its rows, and the provider's idempotency key (the row id)
    // turns the resend into the same single delivery.
    `CREATE TABLE campaign_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      campaign_id text NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
      -- (fillfactor 70: room on each page for the claim's in-place (HOT) updates.)
      -- No foreign keys below: the row is a snapshot (it outlives a deleted contact, and goes
      -- with its campaign), and the checks would cost three lookups per recipient on a bulk load.
      workspace_id text NOT NULL,
      contact_id text,
      contact_name text NOT NULL,
      contact_company text,
      contact_email text,
      contact_phone text,
      address text NOT NULL,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'sent', 'failed', 'cancelled')),
      attempts integer NOT NULL DEFAULT 0,
      locked_by text,
      locked_until timestamptz,
      sent_by text,
      provider_message_id text,
      error text,
      sent_at timestamptz,
      delivered_at timestamptz,
      failed_at timestamptz,
      replied_at timestamptz,
      UNIQUE (campaign_id, contact_id)
    ) WITH (fillfactor = 70)`,
    `CREATE INDEX campaign_messages_queue_idx ON campaign_messages (id) WHERE status = 'queued'`,
    // "Has this campaign anything left to send?" (checked after every batch).
    `CREATE INDEX campaign_messages_left_idx ON campaign_messages (campaign_id) WHERE status = 'queued'`,
    `CREATE INDEX campaign_messages_campaign_idx ON campaign_messages (campaign_id, id)`,
    `CREATE INDEX campaign_messages_activity_idx ON campaign_messages (workspace_id, sent_at)`,
    // The sandbox provider's own record of what it accepted (it stands for an external service):
    // one row per idempotency key; a repeated send is counted in attempts, not delivered again.
    `CREATE TABLE sandbox_channel_deliveries (
      idempotency_key text PRIMARY KEY,
      provider_message_id text NOT NULL,
      workspace_id text NOT NULL,
      channel text NOT NULL,
      address text NOT NULL,
      subject text,
      body text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
      error text,
      attempts integer NOT NULL DEFAULT 1,
      accepted_at timestamptz NOT NULL,
      delivered_at timestamptz,
      failed_at timestamptz,
      replied_at timestamptz
    )`,
  ],
};
