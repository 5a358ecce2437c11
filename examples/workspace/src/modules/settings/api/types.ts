/**
 * Settings shapes of the workspace server (`/api/ws/{slug}/settings/...`), the inferred types of
 * `server/src/contract/settings.ts`. `import type` only: no schema library ships to the browser.
 */
export type {
  AgentPatch,
  AssignmentRule,
  AssignmentRulePut,
  AssignmentStrategy,
  ChannelPatch,
  ChannelSetting,
  ContactImport,
  ContactImportDetail,
  Csat,
  CsatSettings,
  GeneralSettings,
  GoogleMeetConfig,
  GoogleMeetIntegration,
  GoogleMeetPut,
  ImportEvent,
  ImportRowError,
  IntegrationKind,
  IntegrationSummary,
  MaskedSecret,
  Role,
  SalesforceConfig,
  SalesforceIntegration,
  SalesforcePut,
  SettingsAgent,
  SettingsTeam,
  TeamCreate,
  TeamPatch,
} from '../../../../server/src/contract/settings';
export type { SavedReply } from '../../inbox/api/types';
export type { Permits } from '../../session/api/types';
