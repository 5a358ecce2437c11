// A team's contact-centre queue (Settings → Teams): the id of one of the instance's standard
// queues (ListQueues). A mapped team is a transfer target: calls go to the queue's quick connect.
// Null: the team is not mapped (and not offered in the transfer modal).
import type { SqlMigration } from './types';

export const teamQueues: SqlMigration = {
  name: '0018-team-queues',
  up: [`ALTER TABLE teams ADD COLUMN connect_queue_id text`],
};
