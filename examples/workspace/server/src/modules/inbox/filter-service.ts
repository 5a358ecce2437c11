// The inbox's filters and saved replies: the workspace's tags, its saved views (with the views
// permit) and the saved replies agents insert in the composer (edited with their own permit).
import type { InboxView, SavedReply } from '../../contract/inbox';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { requirePermit } from '../../lib/router';
import { InboxRepository } from './repository';

export class InboxFilters {
  private readonly repo: InboxRepository;

  constructor(services: Services) {
    this.repo = new InboxRepository(services.db);
  }

  tags(access: WorkspaceAccess) {
    return this.repo.tags(access.workspace.id);
  }

  async views(access: WorkspaceAccess): Promise<InboxView[]> {
    requirePermit(access, 'flag_inbox_views');
    const views = await this.repo.views(access.workspace.id);
    return views.map((v) => ({
      id: v.id,
      name: v.name,
      filters: v.filters as InboxView['filters'],
    }));
  }

  async savedReplies(access: WorkspaceAccess, q: string | undefined): Promise<SavedReply[]> {
    return (await this.repo.savedReplies(access.workspace.id, q)).map(savedReply);
  }

  async createSavedReply(
    access: WorkspaceAccess,
    input: { title: string; body: string },
  ): Promise<SavedReply> {
    requirePermit(access, 'flag_inbox_savedReplies');
    return savedReply(
      await this.repo.insertSavedReply({
        id: newId(),
        workspaceId: access.workspace.id,
        createdBy: access.membership.user_id,
        ...input,
      }),
    );
  }

  async updateSavedReply(
    access: WorkspaceAccess,
    id: string,
    input: { title?: string; body?: string },
  ): Promise<SavedReply> {
    requirePermit(access, 'flag_inbox_savedReplies');
    const row = await this.repo.updateSavedReply(access.workspace.id, id, input);
    if (!row) throw notFound('Saved reply');
    return savedReply(row);
  }

  async deleteSavedReply(access: WorkspaceAccess, id: string): Promise<void> {
    requirePermit(access, 'flag_inbox_savedReplies');
    if (!(await this.repo.deleteSavedReply(access.workspace.id, id))) throw notFound('Saved reply');
  }
}

function savedReply(r: { id: string; title: string; body: string; updated_at: Date }): SavedReply {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
