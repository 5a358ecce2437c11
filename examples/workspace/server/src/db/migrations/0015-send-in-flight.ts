// A reply's or campaign message's send that a worker started and never recorded (it died between handing the message to
// the provider and writing the answer): `send_started_at` is set just before the provider call and
// cleared with the outcome. A job claimed again with it still set is not sent blindly on a channel
// whose provider cannot tell a repeat (Twilio, the WhatsApp Cloud API): it fails, saying so, and
// the agent decides whether to send it again.
import type { SqlMigration } from './types';

export const sendInFlight: SqlMigration = {
  name: '0015-send-in-flight',
  up: [
    `ALTER TABLE outbox ADD COLUMN send_started_at timestamptz`,
    `ALTER TABLE campaign_messages ADD COLUMN send_started_at timestamptz`,
  ],
};
