/**
 * Campaign shapes of the workspace server (`/api/ws/{slug}/campaigns...`,
 * `/campaign-templates...`), derived from its route declarations (src/api/http.ts).
 */
import type { ApiPaths, Res, Schema } from '../../../api/http';

export type Audience = Schema<'Audience'>;
export type AudienceEstimate = Schema<'AudienceEstimate'>;
export type AudienceOptions = Schema<'AudienceOptions'>;
export type AudienceRule = Schema<'AudienceRule'>;
export type Campaign = Schema<'Campaign'>;
export type CampaignChannel = Campaign['channel'];
export type CampaignContent = Schema<'CampaignContent'>;
export type CampaignCreate = Schema<'CampaignCreate'>;
export type CampaignListResponse = Schema<'CampaignList'>;
export type CampaignOverview = Schema<'CampaignOverview'>;
export type CampaignPatch = Schema<'CampaignPatch'>;
export type CampaignReport = Schema<'CampaignReport'>['report'];
export type CampaignSchedule = Schema<'CampaignSchedule'>;
export type CampaignStats = Schema<'CampaignStats'>;
export type CampaignStatus = Campaign['status'];
export type CampaignSummary = Schema<'CampaignSummary'>;
export type CampaignTemplate = Schema<'CampaignTemplate'>;
export type LocalTime = Schema<'LocalTime'>;
export type Recipient = Schema<'CampaignRecipient'>;
export type RecipientListResponse = Schema<'CampaignRecipientList'>;
export type RecipientStatus = NonNullable<
  NonNullable<
    ApiPaths['/ws/{slug}/campaigns/{id}/recipients']['get']['parameters']['query']
  >['status']
>;
export type TemplateCreate = Schema<'CampaignTemplateCreate'>;
export type TemplateListResponse = Schema<'CampaignTemplateList'>;
export type TemplatePatch = Schema<'CampaignTemplatePatch'>;
export type TemplateResponse = Res<'get', '/ws/{slug}/campaign-templates/{id}'>;
export type TemplateStatus = CampaignTemplate['status'];
