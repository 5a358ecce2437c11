// The control API's read routes and sign-in links: one-time agent sign-in links, the agents with
// their states, the quick connects, and the contacts (all, or one).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { MESSAGES } from '../messages';
import type { ControlContext } from './control-app';
import {
  contactJson,
  contactParams,
  controlContactSchema,
  customerCallId,
  errors,
  fail,
} from './control-kit';
import { body, json } from './route-docs';

/** `POST /control/sign-in-links` body. */
const signInLinkSchema = z
  .object({
    username: z.string().min(1).max(256),
    redirect: z
      .string()
      .max(2048)
      .regex(/^\/(?![/\\])/, 'must be a path of the emulator (starting with one /)')
      .optional(),
  })
  .openapi('SignInLinkRequest');

const agentSchema = z.object({
  username: z.string(),
  name: z.string(),
  agentARN: z.string(),
  state: z.object({ type: z.string(), name: z.string() }),
  selectedState: z.string(),
  nextState: z.string().nullable(),
  contacts: z.array(z.string()),
});

/** A quick connect as the control API shows it. */
const quickConnectSchema = z.object({
  endpointARN: z.string(),
  type: z.string(),
  name: z.string(),
  agent: z.string().optional(),
  queue: z.string().optional(),
  phoneNumber: z.string().optional(),
});

/** Registers the sign-in-link, agent, quick-connect and contact routes. */
export function registerListingRoutes(app: OpenAPIHono, ctx: ControlContext): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/control/sign-in-links',
      summary:
        'A one-time sign-in link of an agent: signs a browser in even when opened from another site (a host page’s sign-on frame or popup), once, within minutes',
      request: { body: body(signInLinkSchema) },
      responses: {
        201: json(
          z.object({
            url: z.string().describe('`<emulator>/login?username=…&redirect=…&ticket=…`'),
            expiresAt: z.string().describe('When the link stops working (ISO 8601)'),
          }),
          'The link',
        ),
        ...errors,
      },
    }),
    (c) => {
      const { username, redirect } = c.req.valid('json');
      const link = ctx.signInLink?.(username, redirect);
      if (!link) return fail(c, 404, 'ResourceNotFoundException', MESSAGES.unknownAgent(username));
      return c.json({ url: link.url, expiresAt: new Date(link.expiresAt).toISOString() }, 201);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/agents',
      summary: 'List agents and their states',
      responses: { 200: json(z.object({ agents: z.array(agentSchema) }), 'Agents') },
    }),
    (c) => {
      const centre = ctx.centre();
      return c.json(
        {
          agents: [...centre.agents.values()].map((a) => ({
            username: a.username,
            name: a.name,
            agentARN: a.arn,
            state: { type: a.shown.type, name: a.shown.name },
            selectedState: a.selected.name,
            nextState: a.nextState?.name ?? null,
            contacts: centre.contactsOf(a).map((x) => x.id),
          })),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/quick-connects',
      summary:
        "List the instance's quick connects (transfer destinations) with their endpoint ARNs",
      responses: {
        200: json(z.object({ quickConnects: z.array(quickConnectSchema) }), 'Quick connects'),
      },
    }),
    (c) =>
      c.json(
        {
          quickConnects: ctx
            .centre()
            .quickConnects()
            .map((e) => ({
              endpointARN: e.endpointARN,
              type: e.type,
              name: e.name ?? '',
              ...(e.agentLogin ? { agent: e.agentLogin } : {}),
              ...(e.type === 'queue' && e.queue?.name ? { queue: e.queue.name } : {}),
              ...(e.phoneNumber ? { phoneNumber: e.phoneNumber } : {}),
            })),
        },
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/contacts',
      summary: 'List contacts and their states',
      responses: {
        200: json(z.object({ contacts: z.array(controlContactSchema) }), 'Contacts'),
      },
    }),
    (c) => {
      const centre = ctx.centre();
      return c.json(
        { contacts: [...centre.contacts.values()].map((x) => contactJson(x, centre)) },
        200,
      );
    },
  );

  const callOf = (asked: string) => customerCallId(ctx.centre(), asked);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/control/contacts/{contactId}',
      summary: 'One contact',
      request: { params: contactParams },
      responses: { 200: json(controlContactSchema, 'The contact'), 404: errors[404] },
    }),
    (c) => {
      const centre = ctx.centre();
      const id = callOf(c.req.valid('param').contactId);
      const contact = centre.contacts.get(id);
      if (!contact) return fail(c, 404, 'ResourceNotFoundException', `Contact ${id} not found.`);
      return c.json(contactJson(contact, centre), 200);
    },
  );
}
