// Campaign template rules: managed under the campaigns permit; a new or edited template waits
// for review (pending) and the provider's answer, recorded by hand, approves or rejects it; templates in
// use by a scheduled or sending campaign are locked. The voice add-on's template search is open to every member (the
// inbox and voice add-on use it); members without the campaigns permit see approved ones only.
import type {
  CampaignTemplate,
  TemplateCreate,
  TemplateListQuery,
  TemplateListResponse,
  TemplatePatch,
  TemplateResponse,
} from '../../contract/campaigns';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decodeNameCursor, encodeNameCursor } from '../../lib/paging';
import { requirePermit } from '../../lib/router';
import { holds } from '../session/service';
import { CAMPAIGN_MESSAGES, LIMITS, WHATSAPP_TEMPLATE_NAME } from './constants';
import { TemplateRepository } from './template-repository';
import { placeholdersOf } from '../../contract/campaign-text';

type TemplateRow = NonNullable<Awaited<ReturnType<TemplateRepository['findTemplate']>>>;

export function toTemplate(row: TemplateRow): CampaignTemplate {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel as CampaignTemplate['channel'],
    status: row.status as CampaignTemplate['status'],
    language: row.language,
    body: row.body,
    variables: row.variables,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Checks a template's name and body for its channel; answers the body's variables. */
function checkTemplate(channel: string, name: string | undefined, body: string | undefined) {
  if (channel === 'whatsapp' && name !== undefined && !WHATSAPP_TEMPLATE_NAME.test(name))
    throw invalidField('body.name', CAMPAIGN_MESSAGES.whatsappTemplateName);
  if (body === undefined) return undefined;
  const variables = placeholdersOf(body);
  if (variables.length > LIMITS.templateVariablesMax)
    throw invalidField('body.body', `At most ${LIMITS.templateVariablesMax} variables`);
  return variables;
}

export class TemplateService {
  private readonly repo: TemplateRepository;

  constructor(services: Services) {
    this.repo = new TemplateRepository(services.db);
  }

  async list(access: WorkspaceAccess, query: TemplateListQuery): Promise<TemplateListResponse> {
    requirePermit(access, 'flag_campaigns');
    const cursor = decodeNameCursor(query.cursor);
    const rows = await this.repo.templates(
      access.workspace.id,
      { channel: query.channel, status: query.status, q: query.q?.trim() || undefined },
      cursor,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      templates: page.map(toTemplate),
      page: {
        nextCursor: rows.length > query.limit && last ? encodeNameCursor(last.name, last.id) : null,
      },
    };
  }

  private async row(access: WorkspaceAccess, id: string): Promise<TemplateRow> {
    requirePermit(access, 'flag_campaigns');
    const row = await this.repo.findTemplate(access.workspace.id, id);
    if (!row) throw notFound('Template');
    return row;
  }

  async get(access: WorkspaceAccess, id: string): Promise<TemplateResponse> {
    const row = await this.row(access, id);
    return { template: toTemplate(row), usedBy: (await this.repo.templateUse(id)).open };
  }

  async create(access: WorkspaceAccess, body: TemplateCreate): Promise<TemplateResponse> {
    requirePermit(access, 'flag_campaigns');
    const variables = checkTemplate(body.channel, body.name, body.body)!;
    const id = newId();
    await this.repo.insertTemplate({
      id,
      workspaceId: access.workspace.id,
      name: body.name,
      channel: body.channel,
      language: body.language,
      body: body.body,
      variables,
    });
    return this.get(access, id);
  }

  async patch(access: WorkspaceAccess, id: string, body: TemplatePatch): Promise<TemplateResponse> {
    const row = await this.row(access, id);
    if ((await this.repo.templateUse(id)).active > 0)
      throw conflict('template_in_use', CAMPAIGN_MESSAGES.templateInUse);
    const variables = checkTemplate(row.channel, body.name, body.body);
    const changed =
      (body.name !== undefined && body.name !== row.name) ||
      (body.body !== undefined && body.body !== row.body) ||
      (body.language !== undefined && body.language !== row.language);
    await this.repo.updateTemplate(access.workspace.id, id, {
      ...body,
      ...(variables ? { variables } : {}),
      // An edited template goes back to review.
      ...(changed ? { status: 'pending' } : {}),
    });
    return this.get(access, id);
  }

  async remove(access: WorkspaceAccess, id: string): Promise<void> {
    await this.row(access, id);
    if ((await this.repo.templateUse(id)).active > 0)
      throw conflict('template_in_use', CAMPAIGN_MESSAGES.templateInUse);
    await this.repo.deleteTemplate(access.workspace.id, id);
  }

  /** The provider's answer to a pending template's review, recorded by hand. */
  async review(
    access: WorkspaceAccess,
    id: string,
    decision: 'approved' | 'rejected',
  ): Promise<TemplateResponse> {
    await this.row(access, id);
    const result = await this.repo.updateTemplate(
      access.workspace.id,
      id,
      { status: decision },
      'pending',
    );
    if (result.numUpdatedRows === 0n)
      throw conflict('not_pending', CAMPAIGN_MESSAGES.templateNotReviewable);
    return this.get(access, id);
  }

  /** `PATCH /v2/campaign-templates`: changes a template. */
  async search(
    access: WorkspaceAccess,
    text: string,
    channel: string,
  ): Promise<CampaignTemplate[]> {
    const rows = await this.repo.searchTemplates(
      access.workspace.id,
      channel,
      text,
      !holds(access, 'flag_campaigns'),
    );
    return rows.map(toTemplate);
  }
}
