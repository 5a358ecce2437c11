// Settings routes (`/ws/{slug}/settings/...`): agents and permits, teams, assignment rules,
// customer satisfaction, integrations, channels and contact imports. Message templates are the
// inbox's saved-reply routes. Permits are checked by the service (see service.ts).
//
// Each family of routes lives in its own file; this composes them in the order of the API document.
import type { Services } from '../../lib/context';
import { createRouter } from '../../lib/router';
import { agentRoutes } from './agent-routes';
import { teamSettingsRoutes } from './team-routes';
import { assignmentRuleRoutes } from './assignment-rule-routes';
import { csatRoutes } from './csat-routes';
import { generalRoutes } from './general-routes';
import { integrationRoutes } from './integration-routes';
import { channelRoutes } from './channel-routes';
import { importRoutes } from './import-routes';
import { ChannelSettings } from './channel-service';
import { ImportSettings } from './import-service';
import { IntegrationSettings } from './integration-service';
import { SettingsService } from './service';

export function settingsRoutes(services: Services) {
  const settings = new SettingsService(services);
  const router = createRouter();
  router.route('/', agentRoutes(settings));
  router.route('/', teamSettingsRoutes(settings));
  router.route('/', assignmentRuleRoutes(settings));
  router.route('/', csatRoutes(settings));
  router.route('/', generalRoutes(settings));
  router.route('/', integrationRoutes(new IntegrationSettings(services)));
  router.route('/', channelRoutes(new ChannelSettings(services)));
  router.route('/', importRoutes(new ImportSettings(services)));
  return router;
}
