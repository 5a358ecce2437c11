// Settings routes of the integrations (`/settings/integrations`): which are on, and the
// Salesforce and Google Meet settings.
import { z } from '@hono/zod-openapi';
import { slugParamsSchema } from '../../contract/common';
import {
  googleMeetPutSchema,
  googleMeetSchema,
  integrationsResponseSchema,
  salesforcePutSchema,
  salesforceSchema,
  salesforceSyncSchema,
} from '../../contract/settings';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { IntegrationSettings } from './integration-service';

const tags = ['Settings'];

/** The integration routes: the list, Salesforce (with its sync) and Google Meet. */
export function integrationRoutes(settings: IntegrationSettings) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/integrations',
      tags,
      summary: 'The integrations and whether each is on (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(integrationsResponseSchema) },
    }),
    async (c) => c.json({ integrations: await settings.integrations(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/integrations/salesforce',
      tags,
      summary: 'Salesforce settings; the client secret only masked (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(salesforceSchema) },
    }),
    async (c) => c.json(await settings.salesforce(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/integrations/salesforce',
      tags,
      summary: 'Save Salesforce settings; the secret is stored encrypted (admin)',
      request: { params: slugParamsSchema, ...jsonBody(salesforcePutSchema) },
      responses: { 200: json(salesforceSchema) },
    }),
    async (c) => c.json(await settings.saveSalesforce(c.get('access'), c.req.valid('json')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/settings/integrations/salesforce/sync',
      tags,
      summary: 'Sync contacts from Salesforce now (admin)',
      description:
        'Runs one incremental sync of Salesforce Contacts and Leads into the workspace contacts and answers with how many were created, updated and linked. A run Salesforce refuses answers ok: false with the recorded error in status; 409 when the integration is off, not set up or contact sync is off.',
      request: { params: slugParamsSchema },
      responses: {
        200: json(salesforceSyncSchema),
        409: json(z.object({ error: z.string(), message: z.string() }), 'Not set up or off'),
      },
    }),
    async (c) => c.json(await settings.syncSalesforce(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/settings/integrations/googleMeet',
      tags,
      summary: 'Google Meet settings; the private key only masked (admin)',
      request: { params: slugParamsSchema },
      responses: { 200: json(googleMeetSchema) },
    }),
    async (c) => c.json(await settings.googleMeet(c.get('access')), 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/settings/integrations/googleMeet',
      tags,
      summary: 'Save Google Meet settings; the key is stored encrypted (admin)',
      request: { params: slugParamsSchema, ...jsonBody(googleMeetPutSchema) },
      responses: { 200: json(googleMeetSchema) },
    }),
    async (c) => c.json(await settings.saveGoogleMeet(c.get('access'), c.req.valid('json')), 200),
  );

  return router;
}
