import { paths } from '../../app/paths';
import type { CampaignChannel } from './api/types';

const seg = encodeURIComponent;

/** Client paths of the campaigns area. */
export const campaignPaths = {
  overview: (slug: string) => `${paths.campaigns(slug)}/overview`,
  list: (slug: string) => `${paths.campaigns(slug)}/all`,
  viewer: (slug: string, id: string, tab?: string) =>
    `${paths.campaigns(slug)}/all/${seg(id)}${tab ? `?tab=${tab}` : ''}`,
  editor: (slug: string, id: string, tab?: string) =>
    `${paths.campaigns(slug)}/editor/${seg(id)}${tab ? `?tab=${tab}` : ''}`,
  newCampaign: (slug: string, channel: CampaignChannel) =>
    `${paths.campaigns(slug)}/editor/new?channel=${channel}`,
  templates: (slug: string) => `${paths.campaigns(slug)}/templates`,
  templateEditor: (slug: string, id: string) =>
    `${paths.campaigns(slug)}/templates/editor/${seg(id)}`,
  newTemplate: (slug: string, channel: CampaignChannel, returnTo?: string) =>
    `${paths.campaigns(slug)}/templates/editor/new?channel=${channel}${returnTo ? `&returnTo=${seg(returnTo)}` : ''}`,
};
