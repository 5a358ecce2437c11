/**
 * Campaign shapes of the workspace server (`/api/ws/{slug}/campaigns...`,
 * `/campaign-templates...`), taken from the server's contract with `import type` only: no
 * schema library ships to the browser.
 */
export type {
  Audience,
  AudienceEstimate,
  AudienceOptions,
  AudienceRule,
  Campaign,
  CampaignChannel,
  CampaignContent,
  CampaignCreate,
  CampaignListResponse,
  CampaignOverview,
  CampaignPatch,
  CampaignReport,
  CampaignSchedule,
  CampaignStats,
  CampaignStatus,
  CampaignSummary,
  CampaignTemplate,
  LocalTime,
  Recipient,
  RecipientListResponse,
  TemplateCreate,
  TemplateListResponse,
  TemplatePatch,
  TemplateResponse,
  TemplateStatus,
} from '../../../../server/src/contract/campaigns';
