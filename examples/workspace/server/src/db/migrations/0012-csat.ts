// Customer satisfaction for real: a survey per closed conversation (sent through its channel,
// answered by link, widget card or a "reply 1–5" message), and the responses the settings card
// counts, with the demo seed's responses marked as demo data.
import type { SqlMigration } from './types';

export const csat: SqlMigration = {
  name: '0012-csat',
  up: [
    `CREATE TABLE csat_surveys (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      contact_id text NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('chat', 'email', 'sms', 'whatsapp')),
      -- Random (24 bytes, base64url): the survey page's and the widget card's key.
      token text NOT NULL UNIQUE,
      -- The question and scale as asked (the settings may change later).
      question text NOT NULL,
      scale integer NOT NULL CHECK (scale IN (3, 5, 10)),
      -- The outbound message that carried it, and the customer's answer message (SMS, WhatsApp).
      message_id text REFERENCES messages (id) ON DELETE SET NULL,
      answer_message_id text REFERENCES messages (id) ON DELETE SET NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      answered_at timestamptz,
      score integer CHECK (score IS NULL OR (score >= 1 AND score <= scale)),
      UNIQUE (conversation_id)
    )`,
    `CREATE INDEX csat_surveys_contact_idx ON csat_surveys (workspace_id, contact_id, channel, sent_at DESC)`,
    `CREATE INDEX csat_surveys_sent_idx ON csat_surveys (workspace_id, sent_at DESC)`,
    // Demo responses (the seed's) are counted, and the card says so.
    `ALTER TABLE csat_responses ADD COLUMN demo boolean NOT NULL DEFAULT false`,
    // One response per survey: a second answer updates it.
    `ALTER TABLE csat_responses ADD COLUMN survey_id text UNIQUE REFERENCES csat_surveys (id) ON DELETE CASCADE`,
  ],
};
