// The disposition codes of a workspace (Settings, admin): the list agents choose from in
// after-call work, replaced whole, in order.
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { MESSAGES } from '../../lib/messages';
import { requirePermit } from '../../lib/router';
import { AfterCallRepository } from './after-call-repository';

export class DispositionSettings {
  private readonly repo: AfterCallRepository;

  constructor(private readonly services: Services) {
    this.repo = new AfterCallRepository(services.db);
  }

  async list(access: WorkspaceAccess): Promise<string[]> {
    requirePermit(access, 'admin');
    return this.repo.dispositions(access.workspace.id);
  }

  async replace(access: WorkspaceAccess, names: readonly string[]): Promise<string[]> {
    requirePermit(access, 'admin');
    const seen = new Set<string>();
    names.forEach((name, i) => {
      const key = name.toLocaleLowerCase('en-US');
      if (seen.has(key))
        throw new ApiError(400, 'invalid_request', MESSAGES.invalidRequest, [
          { path: `body.dispositions.${i}`, message: MESSAGES.dispositionRepeated },
        ]);
      seen.add(key);
    });
    await this.services.db
      .transaction()
      .execute((trx) => this.repo.replaceDispositions(trx, access.workspace.id, [...names]));
    this.services.log.info(
      { workspaceId: access.workspace.id, agentId: access.agent?.id ?? null, count: names.length },
      'disposition codes saved',
    );
    return this.repo.dispositions(access.workspace.id);
  }
}
