// The tables the Salesforce integration reads and writes, and the `system` of its contact links.
import type { Database } from '../../db/schema';
import type { SettingsTables } from '../../modules/settings/tables';

/** The `system` of the contact links this integration writes. */
export const SYSTEM = 'salesforce';

export type RefsTables = {
  contact_external_refs: {
    workspace_id: string;
    contact_id: string;
    system: string;
    external_id: string;
    external_type: string;
    created_at: Date;
    updated_at: Date;
  };
  salesforce_call_tasks: {
    call_id: string;
    workspace_id: string;
    state: 'pending' | 'sent' | 'failed';
    attempts: number;
    next_attempt_at: Date;
    claimed_until: Date | null;
    task_id: string | null;
    last_error: string | null;
    created_at: Date;
    updated_at: Date;
  };
};
/** The tables the integration reads and writes. */
export type SalesforceDatabase = Database &
  SettingsTables &
  RefsTables & {
    integrations: SettingsTables['integrations'] & { claimed_until: Date | null };
  };
