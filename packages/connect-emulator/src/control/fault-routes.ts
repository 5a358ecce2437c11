// The control API's fault-rule routes: list, add (one or a batch), clear, re-seed and remove.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { MAX_FAULT_RULES } from '../constants';
import { faultRuleInputSchema } from '../faults/fault-engine';
import { HttpError } from '../lib/http';
import { body, json } from './route-docs';
import { anyObject, notFound, pathParam, type GetServices } from './service-route-kit';

/** Registers the fault-rule routes. */
export function registerFaultRoutes(app: OpenAPIHono, get: GetServices): void {
  const faultRule = faultRuleInputSchema;
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/faults',
      summary: 'Fault rules with their fired/matched counters',
      responses: { 200: json(z.object({ rules: z.array(anyObject) }), 'Fault rules') },
    }),
    (c) => c.json({ rules: get().faults.list() as never[] }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/faults',
      summary: 'Add a fault rule, or several with {rules: [...]} (at most 200 at once)',
      request: {
        body: body(z.union([z.object({ rules: z.array(faultRule) }), faultRule])),
      },
      responses: { 201: json(anyObject, 'The rule, or {rules}') },
    }),
    (c) => {
      const { faults } = get();
      const input = c.req.valid('json');
      const rules = 'rules' in input ? input.rules : [input];
      if (faults.list().length + rules.length > MAX_FAULT_RULES)
        throw new HttpError(
          400,
          'LimitExceededException',
          `At most ${MAX_FAULT_RULES} fault rules at once.`,
        );
      const added = rules.map((r) => faults.add(r));
      return c.json(('rules' in input ? { rules: added } : added[0]) as never, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/control/faults',
      summary: 'Remove every fault rule',
      responses: { 200: json(z.object({ rules: z.array(anyObject) }), 'No rules') },
    }),
    (c) => {
      get().faults.clear();
      return c.json({ rules: [] }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/faults/seed',
      summary: 'Re-seed the probability source of the fault rules',
      request: { body: body(z.strictObject({ seed: z.number().int() })) },
      responses: { 200: json(z.object({ seed: z.number() }), 'The seed') },
    }),
    (c) => {
      const { seed } = c.req.valid('json');
      get().faults.seed(seed);
      return c.json({ seed }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/control/faults/{id}',
      summary: 'Remove one fault rule',
      request: { params: pathParam('id') },
      responses: { 200: json(anyObject, 'Removed') },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      if (!get().faults.remove(id as string)) notFound(`No fault rule ${id}`);
      return c.json({}, 200);
    },
  );
}
