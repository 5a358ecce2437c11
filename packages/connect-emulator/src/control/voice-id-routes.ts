// The control API's Voice ID routes: domain settings, per-customer behaviour, sessions and their
// speech, recorded LCMS updates, and reset.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { voiceIdCustomerSchema, voiceIdSettingsSchema } from '../agent-app/voice-id-model';
import { body, json } from './route-docs';
import { anyObject, bodyJson, parse, pathParam, type GetServices } from './service-route-kit';

/** Registers the Voice ID routes. */
export function registerVoiceIdRoutes(app: OpenAPIHono, get: GetServices): void {
  const settingsPatch = voiceIdSettingsSchema.partial().strict();
  const customerPatch = voiceIdCustomerSchema.strict();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/settings',
      summary: 'The simulated Voice ID domain settings',
      responses: { 200: json(anyObject, 'Settings') },
    }),
    (c) => c.json(get().voiceId.getSettings() as never, 200),
  );
  const patchSettings = createRoute({
    method: 'patch',
    path: '/control/voice-id/settings',
    summary: 'Change the Voice ID domain settings',
    request: { body: body(settingsPatch) },
    responses: { 200: json(anyObject, 'Settings') },
  });
  app.openapi(patchSettings, (c) =>
    c.json(get().voiceId.updateSettings(c.req.valid('json')) as never, 200),
  );
  app.put('/control/voice-id/settings', async (c) =>
    c.json(get().voiceId.updateSettings(parse(settingsPatch, await bodyJson(c))) as never, 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/customers/{customerId}',
      summary: "A simulated customer's Voice ID behaviour",
      request: { params: pathParam('customerId') },
      responses: { 200: json(anyObject, 'The customer') },
    }),
    (c) => c.json(get().voiceId.customer(c.req.valid('param').customerId as string) as never, 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/control/voice-id/customers/{customerId}',
      summary: "Set a simulated customer's Voice ID behaviour",
      request: { params: pathParam('customerId'), body: body(customerPatch) },
      responses: { 200: json(anyObject, 'The customer') },
    }),
    (c) =>
      c.json(
        get().voiceId.configureCustomer(
          c.req.valid('param').customerId as string,
          c.req.valid('json'),
        ) as never,
        200,
      ),
  );
  app.patch('/control/voice-id/customers/:customerId', async (c) =>
    c.json(
      get().voiceId.configureCustomer(
        c.req.param('customerId'),
        parse(customerPatch, await bodyJson(c)),
      ) as never,
      200,
    ),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/sessions',
      summary: 'Voice ID sessions with their accumulated speech',
      responses: { 200: json(z.object({ sessions: z.array(anyObject) }), 'Sessions') },
    }),
    (c) => c.json({ sessions: get().voiceId.listSessions() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/voice-id/sessions/{contactId}/speech',
      summary: "Add speech to a contact's Voice ID session, or hold it back / release it",
      request: {
        params: pathParam('contactId'),
        body: body(
          z.strictObject({
            addMs: z.number().int().min(0).optional(),
            hold: z.boolean().optional(),
          }),
        ),
      },
      responses: { 200: json(anyObject, 'The session') },
    }),
    (c) => {
      const { voiceId } = get();
      const contactId = c.req.valid('param').contactId as string;
      const p = c.req.valid('json');
      if (p.hold !== undefined) voiceId.holdSpeech(contactId, p.hold);
      return c.json(voiceId.addSpeech(contactId, p.addMs ?? 0) as never, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/voice-id/lcms-updates',
      summary: 'Recorded updateVoiceIdData calls',
      responses: { 200: json(z.object({ updates: z.array(anyObject) }), 'Updates') },
    }),
    (c) => c.json({ updates: get().voiceId.lcmsUpdates as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/voice-id/reset',
      summary: 'Forget every speaker, session and customer setting',
      responses: { 200: json(anyObject, 'Reset') },
    }),
    (c) => {
      get().voiceId.reset();
      return c.json({}, 200);
    },
  );
}
