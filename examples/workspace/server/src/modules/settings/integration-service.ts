// Integration settings (admin): Salesforce and Google Meet, their secrets sealed with the
// workspace's secret box and shown only masked, and Salesforce's "sync now".
import type {
  GoogleMeetConfig,
  GoogleMeetIntegration,
  GoogleMeetPut,
  IntegrationKind,
  IntegrationStatus,
  IntegrationSummary,
  MaskedSecret,
  SalesforceConfig,
  SalesforceIntegration,
  SalesforcePut,
  SalesforceSync,
} from '../../contract/settings';
import { SalesforceCallError } from '../../integrations/salesforce/client';
import { SALESFORCE_MESSAGES } from '../../integrations/salesforce/messages';
import { salesforceOf } from '../../integrations/salesforce/sync';
import type { Services, WorkspaceAccess } from '../../lib/context';
import { ApiError, conflict, invalidField } from '../../lib/errors';
import { requirePermit } from '../../lib/router';
import { IntegrationRepository } from './integration-repository';
import { SETTINGS_MESSAGES as M } from './messages';
import { maskSecret, SecretBox, SecretKeyMissingError } from './secret-box';

export class IntegrationSettings {
  private readonly repo: IntegrationRepository;
  private readonly secrets: SecretBox;

  constructor(private readonly services: Services) {
    this.repo = new IntegrationRepository(services.db);
    this.secrets = SecretBox.fromConfig(services.config);
  }

  private secretContext(workspaceId: string, kind: IntegrationKind, field: string): string {
    return `${workspaceId}/${kind}/${field}`;
  }

  /** The masked view of a stored secret (never its value). */
  private masked(
    workspaceId: string,
    kind: IntegrationKind,
    field: string,
    sealed: string | undefined,
  ): MaskedSecret {
    if (!sealed) return { set: false, preview: null };
    try {
      return {
        set: true,
        preview: maskSecret(
          this.secrets.open(sealed, this.secretContext(workspaceId, kind, field)),
        ),
      };
    } catch (error) {
      this.services.log.warn(
        { kind, message: (error as Error).message },
        'an integration secret does not open with the configured key',
      );
      return { set: true, preview: null };
    }
  }

  async integrations(access: WorkspaceAccess): Promise<IntegrationSummary[]> {
    requirePermit(access, 'admin');
    const rows = await this.repo.integrations(access.workspace.id);
    return (['salesforce', 'googleMeet'] as const).map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return {
        kind,
        enabled: row?.enabled ?? false,
        configured: row ? Object.keys(row.config).length > 0 : false,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        status: integrationStatus(row),
      };
    });
  }

  private async integration<C>(access: WorkspaceAccess, kind: IntegrationKind, field: string) {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const row = await this.repo.findIntegration(ws, kind);
    return {
      enabled: row?.enabled ?? false,
      config: row && Object.keys(row.config).length > 0 ? (row.config as C) : null,
      secret: this.masked(ws, kind, field, row?.secrets[field]),
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      status: integrationStatus(row),
    };
  }

  private async saveIntegration(
    access: WorkspaceAccess,
    kind: IntegrationKind,
    field: string,
    input: { enabled: boolean; config: Record<string, unknown>; secret: string | undefined },
  ): Promise<void> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const stored = (await this.repo.findIntegration(ws, kind))?.secrets[field];
    if (input.enabled && !input.secret && !stored)
      throw invalidField(`body.${field}`, M.secretRequired);
    let sealed = stored;
    if (input.secret) {
      try {
        sealed = this.secrets.seal(input.secret, this.secretContext(ws, kind, field));
      } catch (error) {
        if (error instanceof SecretKeyMissingError)
          throw new ApiError(503, 'secrets_unavailable', M.secretKeyMissing);
        throw error;
      }
    }
    await this.repo.saveIntegration({
      workspaceId: ws,
      kind,
      enabled: input.enabled,
      config: input.config,
      secrets: sealed ? { [field]: sealed } : {},
    });
  }

  async salesforce(access: WorkspaceAccess): Promise<SalesforceIntegration> {
    const i = await this.integration<SalesforceConfig>(access, 'salesforce', 'clientSecret');
    return {
      enabled: i.enabled,
      config: i.config,
      clientSecret: i.secret,
      updatedAt: i.updatedAt,
      status: i.status,
    };
  }

  async saveSalesforce(
    access: WorkspaceAccess,
    input: SalesforcePut,
  ): Promise<SalesforceIntegration> {
    await this.saveIntegration(access, 'salesforce', 'clientSecret', {
      enabled: input.enabled,
      config: { ...input.config, instanceUrl: input.config.instanceUrl.replace(/\/$/, '') },
      secret: input.clientSecret,
    });
    return this.salesforce(access);
  }

  /**
   * "Sync now": one Salesforce contact sync of the workspace, answered with its counts and the
   * integration's status. A run Salesforce refuses is answered (ok: false) with the recorded
   * error; an integration that is off or not set up is a conflict.
   */
  async syncSalesforce(access: WorkspaceAccess): Promise<SalesforceSync> {
    requirePermit(access, 'admin');
    const ws = access.workspace.id;
    const found = await this.repo.findIntegration(ws, 'salesforce');
    const config = found?.config as Partial<SalesforceConfig> | undefined;
    if (!found || !config?.instanceUrl || !found.secrets['clientSecret'])
      throw conflict('integration_not_set_up', SALESFORCE_MESSAGES.notSetUp);
    if (!found.enabled) throw conflict('integration_off', SALESFORCE_MESSAGES.turnedOff);
    if (!config.syncContacts) throw conflict('sync_off', SALESFORCE_MESSAGES.syncOff);
    let counts = { created: 0, updated: 0, linked: 0 };
    let ok = true;
    try {
      counts = await salesforceOf(this.services).sync(ws);
    } catch (error) {
      if (!(error instanceof SalesforceCallError)) throw error;
      ok = false;
    }
    const row = await this.repo.findIntegration(ws, 'salesforce');
    return { ok, ...counts, status: integrationStatus(row) };
  }

  async googleMeet(access: WorkspaceAccess): Promise<GoogleMeetIntegration> {
    const i = await this.integration<GoogleMeetConfig>(access, 'googleMeet', 'privateKey');
    return {
      enabled: i.enabled,
      config: i.config,
      privateKey: i.secret,
      updatedAt: i.updatedAt,
      status: i.status,
    };
  }

  async saveGoogleMeet(
    access: WorkspaceAccess,
    input: GoogleMeetPut,
  ): Promise<GoogleMeetIntegration> {
    await this.saveIntegration(access, 'googleMeet', 'privateKey', {
      enabled: input.enabled,
      config: input.config,
      secret: input.privateKey,
    });
    return this.googleMeet(access);
  }
}

/** What an integration last did, as its settings page shows it. */
function integrationStatus(
  row:
    | { last_success_at: Date | null; last_error: string | null; last_error_at: Date | null }
    | undefined,
): IntegrationStatus {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    lastSuccessAt: iso(row?.last_success_at ?? null),
    lastError:
      row?.last_error && row.last_error_at
        ? { message: row.last_error, at: new Date(row.last_error_at).toISOString() }
        : null,
  };
}
