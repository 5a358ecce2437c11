// SMS and WhatsApp: a customer's STOP keeps their number from being messaged on that channel
// (the record campaigns read; START removes it), and a WhatsApp template reply keeps the template
// it is sent as (name, language and the values of its variables), since outside the 24-hour
// window only an approved template may be sent.
import type { SqlMigration } from './types';

export const smsWhatsapp: SqlMigration = {
  name: '0010-sms-whatsapp',
  up: [
    `CREATE TABLE channel_opt_outs (
      workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
      -- E.164
      address text NOT NULL,
      -- The keyword the customer sent (STOP, UNSUBSCRIBE, …).
      keyword text NOT NULL,
      opted_out_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, channel, address)
    )`,
    // {"name":"order_update","language":"en_US","parameters":["Ana"]} on a template reply.
    `ALTER TABLE messages ADD COLUMN template jsonb`,
  ],
};
