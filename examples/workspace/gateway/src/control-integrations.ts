// The control routes of the Google and Salesforce stand-ins: the Calendar events created,
// domain-wide delegation and API faults; the org's people (seed, change, read), the Tasks it
// received, the queries it answered, faults, sessions, credentials and page size.
import { Hono } from 'hono';
import { z } from 'zod';
import { ControlHttpError, body, email } from './control-kit';
import type { ControlServices } from './control';
import { CONTROL_MESSAGES } from './messages';

const googleFaultSchema = z.strictObject({
  status: z.union([z.literal(401), z.literal(403), z.literal(429), z.literal(500)]),
  count: z.number().int().min(0).max(1000),
});
const googleDelegationSchema = z.strictObject({ user: email, granted: z.boolean() });
const sfPerson = z.strictObject({
  FirstName: z.string().max(40).nullable().optional(),
  LastName: z.string().min(1).max(80),
  Email: z.email().max(80).nullable().optional(),
  Phone: z.string().max(40).nullable().optional(),
  MobilePhone: z.string().max(40).nullable().optional(),
  Company: z.string().max(255).nullable().optional(),
});
const sfSeedSchema = z.strictObject({
  type: z.enum(['Contact', 'Lead']),
  records: z.array(sfPerson).min(1).max(1000),
});
const sfUpdateSchema = sfPerson.partial();
const sfFaultSchema = z.strictObject({
  status: z.union([z.literal(500), z.literal(503)]),
  count: z.number().int().min(0).max(1000),
});
const sfCredentialsSchema = z.strictObject({
  clientId: z.string().min(1).max(256),
  clientSecret: z.string().min(1).max(512),
});
const sfSettingsSchema = z.strictObject({ pageSize: z.number().int().min(1).max(2000) });
/** The Google and Salesforce control routes. */
export function integrationControlRoutes(services: ControlServices): Hono {
  const app = new Hono();
  // The Google stand-in: the Calendar events created, domain-wide delegation, API faults.
  app.get('/google/events', (c) => c.json({ events: services.google.list() }));
  app.post('/google/faults', async (c) => {
    const input = await body(c, googleFaultSchema);
    services.google.armFault(input.status, input.count);
    return c.json(input);
  });
  app.post('/google/delegation', async (c) => {
    const input = await body(c, googleDelegationSchema);
    services.google.setDelegation(input.user, input.granted);
    return c.json(input);
  });

  // Salesforce: seed and change the org's people, read what it received, arm faults.
  const sf = services.salesforce;
  app.post('/salesforce/records', async (c) => {
    const input = await body(c, sfSeedSchema);
    return c.json({ records: sf.seed(input.type, input.records) });
  });
  app.get('/salesforce/records', (c) => c.json({ records: sf.records() }));
  app.patch('/salesforce/records/:id', async (c) => {
    const input = await body(c, sfUpdateSchema);
    const updated = sf.update(c.req.param('id'), input);
    if (!updated)
      throw new ControlHttpError(
        404,
        'UnknownRecord',
        CONTROL_MESSAGES.unknownRecord(c.req.param('id')),
      );
    return c.json(updated);
  });
  app.get('/salesforce/tasks', (c) => c.json({ tasks: sf.receivedTasks() }));
  app.get('/salesforce/queries', (c) => c.json({ queries: sf.queries }));
  app.post('/salesforce/faults', async (c) => {
    const input = await body(c, sfFaultSchema);
    sf.armFault(input.status, input.count);
    return c.json(input);
  });
  app.post('/salesforce/sessions/expire', (c) => {
    sf.expireSessions();
    return c.json({ expired: true });
  });
  app.put('/salesforce/credentials', async (c) => {
    sf.credentials = await body(c, sfCredentialsSchema);
    return c.json({ clientId: sf.credentials.clientId });
  });
  app.put('/salesforce/settings', async (c) => {
    sf.pageSize = (await body(c, sfSettingsSchema)).pageSize;
    return c.json({ pageSize: sf.pageSize });
  });
  return app;
}
