// Campaign template routes: list, create, read, edit, delete and review templates, and the
// template search the inbox and the voice add-on use.
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  templateCreateSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templatePatchSchema,
  templateResponseSchema,
  templateReviewSchema,
  templateSearchBodySchema,
  templateSearchResponseSchema,
} from '../../contract/campaigns';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { TemplateService } from './template-service';
import { CONFLICT, PERMIT, templateTags } from './route-docs';

/** The template routes, and the template search. */
export function templateRoutes(templates: TemplateService) {
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaign-templates',
      tags: templateTags,
      summary: 'A page of templates by name, filtered by channel and review status',
      description: PERMIT,
      request: { params: slugParamsSchema, query: templateListQuerySchema },
      responses: { 200: json(templateListResponseSchema) },
    }),
    async (c) => c.json(await templates.list(c.get('access'), c.req.valid('query')), 200),
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaign-templates',
      tags: templateTags,
      summary: 'Create a template (pending review)',
      description: `${PERMIT} WhatsApp template names use lower-case letters, digits and underscores; {{n}} placeholders become its variables.`,
      request: { params: slugParamsSchema, ...jsonBody(templateCreateSchema) },
      responses: { 201: json(templateResponseSchema, 'Created') },
    }),
    async (c) => c.json(await templates.create(c.get('access'), c.req.valid('json')), 201),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/campaign-templates/{id}',
      tags: templateTags,
      summary: 'One template and how many open campaigns use it',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 200: json(templateResponseSchema) },
    }),
    async (c) => c.json(await templates.get(c.get('access'), c.req.valid('param').id), 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/campaign-templates/{id}',
      tags: templateTags,
      summary: 'Edit a template (a change sends it back to review; 409 while a campaign sends it)',
      description: PERMIT,
      request: { params: idParamsSchema, ...jsonBody(templatePatchSchema) },
      responses: { 200: json(templateResponseSchema), ...CONFLICT },
    }),
    async (c) =>
      c.json(
        await templates.patch(c.get('access'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/campaign-templates/{id}',
      tags: templateTags,
      summary: 'Delete a template (409 while a scheduled or sending campaign uses it)',
      description: PERMIT,
      request: { params: idParamsSchema },
      responses: { 204: { description: 'Deleted' }, ...CONFLICT },
    }),
    async (c) => {
      await templates.remove(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/campaign-templates/{id}/review',
      tags: templateTags,
      summary: "Records the provider's review of a pending template: approve or reject",
      description: `${PERMIT} With a real provider the review arrives from the provider.`,
      request: { params: idParamsSchema, ...jsonBody(templateReviewSchema) },
      responses: { 200: json(templateResponseSchema), ...CONFLICT },
    }),
    async (c) =>
      c.json(
        await templates.review(
          c.get('access'),
          c.req.valid('param').id,
          c.req.valid('json').decision,
        ),
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/v2/campaign-templates',
      tags: templateTags,
      summary: '§7 template search by text and channel',
      description:
        'Every member may search (the inbox and the voice add-on use it); without the campaigns permit only approved templates are listed.',
      request: { params: slugParamsSchema, ...jsonBody(templateSearchBodySchema) },
      responses: { 200: json(templateSearchResponseSchema) },
    }),
    async (c) => {
      const { text, channel } = c.req.valid('json');
      return c.json(
        { campaignTemplates: await templates.search(c.get('access'), text, channel) },
        200,
      );
    },
  );

  return router;
}
