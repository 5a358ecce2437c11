// Contacts: list with search, create, profile, edit.
import { idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  contactAttributesSchema,
  contactCreateSchema,
  contactDuplicatesResponseSchema,
  contactMergeSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactPatchSchema,
  contactProfileResponseSchema,
  contactResponseSchema,
} from '../../contract/contacts';
import { apiErrorSchema } from '../../contract/common';
import type { Services } from '../../lib/context';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import { ContactService } from './service';

const tags = ['Contacts'];

export function contactRoutes(services: Services) {
  const contacts = new ContactService(services);
  const router = createRouter();

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/contacts',
      tags,
      summary: 'A page of contacts by name, with text search over name, phone, email and company',
      request: { params: slugParamsSchema, query: contactListQuerySchema },
      responses: { 200: json(contactListResponseSchema) },
    }),
    async (c) => {
      const { q, cursor, limit } = c.req.valid('query');
      return c.json(await contacts.list(c.get('access'), q, cursor, limit), 200);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/contacts',
      tags,
      summary: 'Create a contact (named with the visitor prefix when only a phone is given)',
      request: {
        params: slugParamsSchema,
        ...jsonBody(contactCreateSchema),
      },
      responses: {
        201: json(contactResponseSchema, 'Created'),
        409: json(apiErrorSchema, 'phone_taken: another contact has this phone number'),
      },
    }),
    async (c) =>
      c.json({ contact: await contacts.create(c.get('access'), c.req.valid('json')) }, 201),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/contacts/{id}',
      tags,
      summary: 'The contact profile: contact, conversations, latest calls and counts',
      request: { params: idParamsSchema },
      responses: { 200: json(contactProfileResponseSchema) },
    }),
    async (c) => c.json(await contacts.profile(c.get('access'), c.req.valid('param').id), 200),
  );

  router.openapi(
    authRoute({
      method: 'patch',
      path: '/ws/{slug}/contacts/{id}',
      tags,
      summary: 'Edit a contact',
      request: {
        params: idParamsSchema,
        ...jsonBody(contactPatchSchema),
      },
      responses: {
        200: json(contactResponseSchema),
        409: json(apiErrorSchema, 'phone_taken: another contact has this phone number'),
      },
    }),
    async (c) =>
      c.json(
        {
          contact: await contacts.update(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json'),
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'delete',
      path: '/ws/{slug}/contacts/{id}',
      tags,
      summary:
        'Delete a contact (admin): personal data erased, conversations kept under "Deleted contact", calls kept without the number',
      request: { params: idParamsSchema },
      responses: {
        204: { description: 'Deleted' },
        403: json(apiErrorSchema, 'forbidden: the admin permit is needed'),
        404: json(apiErrorSchema, 'not_found: no such contact (or already deleted)'),
      },
    }),
    async (c) => {
      await contacts.remove(c.get('access'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    authRoute({
      method: 'post',
      path: '/ws/{slug}/contacts/{id}/merge',
      tags,
      summary:
        'Merge another contact into this one: its conversations, calls, phones and emails move here, then it is removed',
      request: {
        params: idParamsSchema,
        ...jsonBody(contactMergeSchema),
      },
      responses: {
        200: json(contactResponseSchema, 'The surviving contact'),
        400: json(apiErrorSchema, 'invalid_request: a contact cannot be merged with itself'),
        404: json(apiErrorSchema, 'not_found: either contact unknown or already deleted'),
      },
    }),
    async (c) =>
      c.json(
        {
          contact: await contacts.merge(
            c.get('access'),
            c.req.valid('param').id,
            c.req.valid('json').otherId,
          ),
        },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/contacts/{id}/duplicates',
      tags,
      summary:
        'Other contacts sharing a phone (E.164) or an email (case-insensitive) with this one',
      request: { params: idParamsSchema },
      responses: {
        200: json(contactDuplicatesResponseSchema),
        404: json(apiErrorSchema, 'not_found: no such contact'),
      },
    }),
    async (c) =>
      c.json(
        { duplicates: await contacts.duplicates(c.get('access'), c.req.valid('param').id) },
        200,
      ),
  );

  router.openapi(
    authRoute({
      method: 'get',
      path: '/ws/{slug}/contact-attributes',
      tags,
      summary: "The workspace's custom contact attributes, in order",
      request: { params: slugParamsSchema },
      responses: { 200: json(contactAttributesSchema) },
    }),
    async (c) => c.json({ attributes: await contacts.attributes(c.get('access')) }, 200),
  );

  router.openapi(
    authRoute({
      method: 'put',
      path: '/ws/{slug}/contact-attributes',
      tags,
      summary:
        "Replace the workspace's custom contact attributes (admin); values of a removed key are no longer shown",
      request: {
        params: slugParamsSchema,
        body: {
          content: { 'application/json': { schema: contactAttributesSchema } },
          required: true,
        },
      },
      responses: {
        200: json(contactAttributesSchema),
        403: json(apiErrorSchema, 'forbidden: the admin permit is needed'),
      },
    }),
    async (c) =>
      c.json(
        {
          attributes: await contacts.setAttributes(c.get('access'), c.req.valid('json').attributes),
        },
        200,
      ),
  );

  return router;
}
