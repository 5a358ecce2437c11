// Reports: the times the conversation and call reports measure, kept on the rows they describe so
// a report over a 90-day range reads index ranges instead of replaying every message.
// - `conversations.first_inbound_at` / `first_response_at`: the customer's first message and the
//   first agent reply (a customer-visible message written by an agent, not a note or a call). Kept
//   by a trigger on messages, so every write path (inbox replies, channel intake, imports, seeds)
//   keeps them; each holds the earliest time, so out-of-order inserts give the same answer. First
//   response time counts only conversations the customer started (reply after their message).
// - `conversations.closed_at`: when it was last closed (null while not closed), kept by a trigger
//   on the status, so the resolution time is closed_at − created_at.
// - `connections.queue_id`: the contact-centre queue a call waited in (the contact event's
//   queueInfo), for the calls report by queue.
// - `memberships.permit_reports`: the Reports area's permit (admins pass).
import type { SqlMigration } from './types';

export const reports: SqlMigration = {
  name: '0026-reports',
  up: [
    `ALTER TABLE conversations ADD COLUMN first_inbound_at timestamptz`,
    `ALTER TABLE conversations ADD COLUMN first_response_at timestamptz`,
    `ALTER TABLE conversations ADD COLUMN closed_at timestamptz`,
    `ALTER TABLE connections ADD COLUMN queue_id text`,
    `ALTER TABLE memberships ADD COLUMN permit_reports boolean NOT NULL DEFAULT false`,
    `UPDATE conversations c SET
       first_inbound_at = m.first_inbound,
       first_response_at = m.first_response
     FROM (
       SELECT conversation_id,
         min(created_at) FILTER (WHERE direction = 'inbound') AS first_inbound,
         min(created_at) FILTER (WHERE direction = 'outbound' AND author_agent_id IS NOT NULL)
           AS first_response
       FROM messages WHERE kind = 'message' GROUP BY conversation_id
     ) m
     WHERE m.conversation_id = c.id`,
    `UPDATE conversations SET closed_at = updated_at WHERE status = 'closed'`,
    `CREATE FUNCTION conversation_message_times() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.kind = 'message' AND NEW.direction = 'inbound' THEN
         UPDATE conversations SET first_inbound_at = NEW.created_at
          WHERE id = NEW.conversation_id
            AND (first_inbound_at IS NULL OR first_inbound_at > NEW.created_at);
       ELSIF NEW.kind = 'message' AND NEW.direction = 'outbound'
             AND NEW.author_agent_id IS NOT NULL THEN
         UPDATE conversations SET first_response_at = NEW.created_at
          WHERE id = NEW.conversation_id
            AND (first_response_at IS NULL OR first_response_at > NEW.created_at);
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER messages_conversation_times AFTER INSERT ON messages
       FOR EACH ROW EXECUTE FUNCTION conversation_message_times()`,
    `CREATE FUNCTION conversation_closed_at() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.status = 'closed' THEN
         IF TG_OP = 'INSERT' THEN
           NEW.closed_at := coalesce(NEW.closed_at, NEW.updated_at);
         ELSIF OLD.status IS DISTINCT FROM 'closed' THEN
           NEW.closed_at := now();
         END IF;
       ELSE
         NEW.closed_at := NULL;
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER conversations_closed_at BEFORE INSERT OR UPDATE OF status ON conversations
       FOR EACH ROW EXECUTE FUNCTION conversation_closed_at()`,
    // The reports' ranges, each covering what its figures read, so a report over a period reads
    // one contiguous run of index entries per workspace (an index-only scan where the table is
    // vacuumed) instead of one table page per row of a table shared by every workspace.
    `CREATE INDEX conversations_opened_report_idx ON conversations (workspace_id, created_at)
       INCLUDE (channel, assignee_agent_id, first_inbound_at, first_response_at)`,
    `CREATE INDEX conversations_closed_report_idx ON conversations (workspace_id, closed_at)
       INCLUDE (channel, assignee_agent_id, created_at) WHERE closed_at IS NOT NULL`,
    `CREATE INDEX connections_report_idx ON connections (workspace_id, created_at)
       INCLUDE (communication_type, answered, agent_id, queue_id, connected_at, ended_at,
         completed_at)
       WHERE communication_type IN ('inbound', 'outbound')`,
    `CREATE INDEX csat_responses_report_idx ON csat_responses (workspace_id, created_at)
       WHERE NOT demo`,
  ],
};
