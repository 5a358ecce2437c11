// Which conversations a list or a count covers (a folder, a tag, a saved view, a status, a search),
// as one SQL condition over the conversation `c` and its contact `ct`.
import { sql, type RawBuilder } from 'kysely';
import type { InboxViewFilters } from '../../db/schema';
import { likeContains } from '../../lib/paging';

/** Which conversations a list or count covers. */
export interface ConversationScope {
  readonly workspaceId: string;
  /** Set when the caller sees only the conversations assigned to this agent (no shared inbox). */
  readonly onlyAssignedTo?: string | null;
  readonly folder:
    | { readonly kind: 'all' }
    | { readonly kind: 'unassigned' }
    | { readonly kind: 'mine'; readonly agentId: string | null }
    | { readonly kind: 'tag'; readonly tagId: string }
    | {
        readonly kind: 'view';
        readonly filters: InboxViewFilters;
        readonly agentId: string | null;
      };
  readonly status?: string;
  readonly q?: string;
}

/** An id no agent has: a condition on a missing agent matches no conversation. */
const NONE = '00000000-0000-0000-0000-000000000000';

/** The scope as one condition over the conversation `c` (and its contact `ct`, for a search). */
export function scopeWhere(s: ConversationScope): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`c.workspace_id = ${s.workspaceId}`];
  if (s.onlyAssignedTo !== undefined)
    parts.push(sql`c.assignee_agent_id = ${s.onlyAssignedTo ?? NONE}`);
  const f = s.folder;
  if (f.kind === 'unassigned') parts.push(sql`c.assignee_agent_id IS NULL`);
  if (f.kind === 'mine') parts.push(sql`c.assignee_agent_id = ${f.agentId ?? NONE}`);
  if (f.kind === 'tag')
    parts.push(
      sql`EXISTS (SELECT 1 FROM conversation_tags t WHERE t.conversation_id = c.id AND t.tag_id = ${f.tagId})`,
    );
  if (f.kind === 'view') {
    const v = f.filters;
    if (v.status) parts.push(sql`c.status = ${v.status}`);
    if (v.channel) parts.push(sql`c.channel = ${v.channel}`);
    if (v.tag)
      parts.push(
        sql`EXISTS (SELECT 1 FROM conversation_tags t JOIN tags g ON g.id = t.tag_id WHERE t.conversation_id = c.id AND g.name = ${v.tag})`,
      );
    if (v.assignee === 'unassigned') parts.push(sql`c.assignee_agent_id IS NULL`);
    else if (v.assignee === 'me') parts.push(sql`c.assignee_agent_id = ${f.agentId ?? NONE}`);
    else if (v.assignee) parts.push(sql`c.assignee_agent_id = ${v.assignee}`);
  }
  if (s.status && s.status !== 'any') parts.push(sql`c.status = ${s.status}`);
  if (s.q) {
    const p = likeContains(s.q);
    parts.push(sql`(lower(c.subject) LIKE ${p} OR lower(ct.name) LIKE ${p} OR lower(coalesce(ct.phone, '')) LIKE ${p}
      OR lower(coalesce(ct.email, '')) LIKE ${p}
      OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND lower(m.body) LIKE ${p}))`);
  }
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}
