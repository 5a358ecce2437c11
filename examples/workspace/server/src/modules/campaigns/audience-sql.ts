// A campaign audience as SQL over the workspace's contacts `ct`: its rules (tags, contact fields,
// last activity) joined by "all" or "any", and the address each channel sends to.
import { sql, type RawBuilder } from 'kysely';
import type { Audience, AudienceRule, CampaignChannel } from '../../contract/campaigns';
import { likeContains } from '../../lib/paging';

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The contact column an attribute rule reads (a fixed map: never a caller's string in SQL). */
const ATTRIBUTE_COLUMNS = {
  name: sql.ref('ct.name'),
  company: sql.ref('ct.company'),
  email: sql.ref('ct.email'),
  phone: sql.ref('ct.phone'),
} as const;

/** The address a channel sends to: the email for email, the phone for WhatsApp and SMS. */
export function addressOf(channel: CampaignChannel): RawBuilder<string | null> {
  return channel === 'email' ? sql`ct.email` : sql`ct.phone`;
}

function ruleSql(rule: AudienceRule): RawBuilder<boolean> {
  switch (rule.kind) {
    case 'tag': {
      const exists = sql`EXISTS (SELECT 1 FROM conversations c JOIN conversation_tags t ON t.conversation_id = c.id
        WHERE c.contact_id = ct.id AND t.tag_id = ${rule.tagId})`;
      return rule.op === 'has' ? sql<boolean>`${exists}` : sql<boolean>`NOT ${exists}`;
    }
    case 'attribute': {
      const col = ATTRIBUTE_COLUMNS[rule.field];
      const text = sql`lower(coalesce(${col}, ''))`;
      switch (rule.op) {
        case 'equals':
          return sql<boolean>`${text} = ${rule.value.trim().toLowerCase()}`;
        case 'contains':
          return sql<boolean>`${text} LIKE ${likeContains(rule.value.trim())}`;
        case 'starts_with':
          return sql<boolean>`${text} LIKE ${`${escapeLike(rule.value.trim())}%`}`;
        case 'is_set':
          return sql<boolean>`coalesce(${col}, '') <> ''`;
        case 'is_not_set':
          return sql<boolean>`coalesce(${col}, '') = ''`;
      }
      break;
    }
    case 'last_activity': {
      const exists = sql`EXISTS (SELECT 1 FROM conversations c WHERE c.contact_id = ct.id
        AND c.last_message_at >= now() - make_interval(days => ${rule.days}))`;
      return rule.op === 'within' ? sql<boolean>`${exists}` : sql<boolean>`NOT ${exists}`;
    }
  }
  return sql<boolean>`false`;
}

/** The WHERE of a segment over `contacts ct` of a workspace. */
export function segmentWhere(workspaceId: string, audience: Audience): RawBuilder<boolean> {
  const base = sql`ct.workspace_id = ${workspaceId}`;
  if (audience.rules.length === 0) return sql<boolean>`${base}`;
  const joiner = audience.match === 'any' ? sql` OR ` : sql` AND `;
  return sql<boolean>`(${base} AND (${sql.join(audience.rules.map(ruleSql), joiner)}))`;
}

/** The contact has an address on the channel. */
export const reachable = (channel: CampaignChannel) =>
  sql<boolean>`coalesce(${addressOf(channel)}, '') <> ''`;
