/**
 * Settings shapes of the workspace server (`/api/ws/{slug}/settings/...`), derived from its route
 * declarations (src/api/http.ts). The NDJSON events of the contact import stream are not JSON
 * answers of the document; they come from the server's contract module.
 */
import type { Schema } from '../../../api/http';

export type AgentPatch = Schema<'AgentPatch'>;
export type AssignmentRule = Schema<'AssignmentRule'>;
export type AssignmentRulePut = Schema<'AssignmentRulePut'>;
export type AssignmentStrategy = AssignmentRule['strategy'];
export type ChannelPatch = Schema<'ChannelPatch'>;
export type ChannelSetting = Schema<'ChannelSetting'>;
export type ContactImport = Schema<'ContactImport'>;
export type ContactImportDetail = Schema<'ContactImportDetail'>;
export type Csat = Schema<'Csat'>;
export type CsatSettings = Schema<'CsatSettings'>;
export type GeneralSettings = Schema<'GeneralSettings'>;
export type GoogleMeetIntegration = Schema<'GoogleMeetIntegration'>;
export type GoogleMeetConfig = GoogleMeetIntegration['config'];
export type GoogleMeetPut = Schema<'GoogleMeetPut'>;
export type ImportRowError = Schema<'ImportRowError'>;
export type IntegrationSummary = Schema<'Integrations'>['integrations'][number];
export type IntegrationKind = IntegrationSummary['kind'];
export type MaskedSecret = Schema<'MaskedSecret'>;
export type IntegrationStatus = Schema<'IntegrationStatus'>;
export type SalesforceIntegration = Schema<'SalesforceIntegration'>;
export type SalesforceConfig = SalesforceIntegration['config'];
export type SalesforcePut = Schema<'SalesforcePut'>;
export type SalesforceSync = Schema<'SalesforceSync'>;
export type SettingsAgent = Schema<'SettingsAgent'>;
export type Role = NonNullable<SettingsAgent['role']>;
export type SettingsTeam = Schema<'SettingsTeam'>;
export type TeamCreate = Schema<'TeamCreate'>;
export type TeamPatch = Schema<'TeamPatch'>;
export type { ImportEvent } from '../../../../server/src/contract/settings';
export type { SavedReply } from '../../inbox/api/types';
export type { Permits } from '../../session/api/types';
