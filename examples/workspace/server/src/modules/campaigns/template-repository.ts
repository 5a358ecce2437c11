// SQL of campaign templates (WhatsApp templates and reusable email and SMS bodies): lists, search,
// edits and where a template is in use.
import { sql } from 'kysely';
import { likeContains } from '../../lib/paging';
import { CampaignStore, type CampaignDb } from './tables';

/** The workspace's campaign templates. */
export class TemplateRepository extends CampaignStore {
  templates(
    workspaceId: string,
    filters: { channel?: string; status?: string; q?: string },
    cursor: { name: string; id: string } | undefined,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('workspace_id', '=', workspaceId);
    if (filters.channel) q = q.where('channel', '=', filters.channel);
    if (filters.status) q = q.where('status', '=', filters.status);
    if (filters.q)
      q = q.where(
        sql<boolean>`(lower(name) LIKE ${likeContains(filters.q)} OR lower(body) LIKE ${likeContains(filters.q)})`,
      );
    if (cursor) q = q.where(sql<boolean>`(lower(name), id) > (${cursor.name}, ${cursor.id})`);
    return q
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  findTemplate(workspaceId: string, id: string, db: CampaignDb = this.db) {
    return db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async hasApprovedTemplate(workspaceId: string, channel: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', channel)
      .where('status', '=', 'approved')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  insertTemplate(t: {
    id: string;
    workspaceId: string;
    name: string;
    channel: string;
    language: string;
    body: string;
    variables: string[];
  }) {
    return this.db
      .insertInto('campaign_templates')
      .values({
        id: t.id,
        workspace_id: t.workspaceId,
        name: t.name,
        channel: t.channel,
        status: 'pending',
        language: t.language,
        body: t.body,
        variables: JSON.stringify(t.variables),
        updated_at: new Date(),
      })
      .execute();
  }

  updateTemplate(
    workspaceId: string,
    id: string,
    set: {
      name?: string;
      language?: string;
      body?: string;
      variables?: string[];
      status?: string;
    },
    onlyStatus?: string,
  ) {
    let q = this.db
      .updateTable('campaign_templates')
      .set({
        ...(set.name !== undefined ? { name: set.name } : {}),
        ...(set.language !== undefined ? { language: set.language } : {}),
        ...(set.body !== undefined ? { body: set.body } : {}),
        ...(set.variables !== undefined ? { variables: JSON.stringify(set.variables) } : {}),
        ...(set.status !== undefined ? { status: set.status } : {}),
        updated_at: new Date(),
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id);
    if (onlyStatus) q = q.where('status', '=', onlyStatus);
    return q.executeTakeFirst();
  }

  deleteTemplate(workspaceId: string, id: string) {
    return this.db
      .deleteFrom('campaign_templates')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Campaigns that use a template, by state. */
  async templateUse(templateId: string): Promise<{ active: number; open: number }> {
    const row = await this.db
      .selectFrom('campaigns')
      .select([
        sql<number>`(count(*) FILTER (WHERE status IN ('scheduled', 'sending')))::int`.as('active'),
        sql<number>`(count(*) FILTER (WHERE status IN ('draft', 'scheduled', 'sending')))::int`.as(
          'open',
        ),
      ])
      .where('template_id', '=', templateId)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** The template search: templates of a channel whose name or body contains the text. */
  searchTemplates(workspaceId: string, channel: string, text: string, onlyApproved: boolean) {
    let q = this.db
      .selectFrom('campaign_templates')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('channel', '=', channel);
    if (text.trim())
      q = q.where(
        sql<boolean>`(lower(name) LIKE ${likeContains(text.trim())} OR lower(body) LIKE ${likeContains(text.trim())})`,
      );
    if (onlyApproved) q = q.where('status', '=', 'approved');
    return q
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(100)
      .execute();
  }
}
