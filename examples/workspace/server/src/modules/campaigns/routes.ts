// Campaign routes: campaigns (list, overview, create, edit, duplicate, delete, schedule,
// unschedule, cancel), audience estimates, reports (JSON and CSV), recipients; campaign templates
// (list, create, edit, delete, review) and the voice add-on's template search.
//
// Each family of routes lives in its own file; this composes them in the order of the API document.
import type { Services } from '../../lib/context';
import { createRouter } from '../../lib/router';
import { overviewRoutes } from './overview-routes';
import { campaignRecordRoutes } from './campaign-record-routes';
import { scheduleRoutes } from './schedule-routes';
import { reportRoutes } from './report-routes';
import { templateRoutes } from './template-routes';
import { CampaignReports } from './report-service';
import { CampaignService } from './service';
import { TemplateService } from './template-service';
import { wakeCampaignWorker } from './worker';

export { safeCell } from './report-routes';

export function campaignRoutes(services: Services) {
  const campaigns = new CampaignService(services, () => wakeCampaignWorker(services));
  const templates = new TemplateService(services);
  const reports = new CampaignReports(services);
  const router = createRouter();
  router.route('/', overviewRoutes(campaigns, reports));
  router.route('/', campaignRecordRoutes(campaigns));
  router.route('/', scheduleRoutes(campaigns));
  router.route('/', reportRoutes(reports));
  router.route('/', templateRoutes(templates));
  return router;
}
