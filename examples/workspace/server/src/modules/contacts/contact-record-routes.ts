// Contact routes of the contacts as records: list with search, create, profile, edit and delete.
import { apiErrorSchema, idParamsSchema, slugParamsSchema } from '../../contract/common';
import {
  contactCreateSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactPatchSchema,
  contactProfileResponseSchema,
  contactResponseSchema,
} from '../../contract/contacts';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { ContactService } from './service';

const tags = ['Contacts'];

/** The contact record routes: list, create, profile, edit, delete. */
export function contactRecordRoutes(contacts: ContactService) {
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
    async (c) => {
      const { id } = c.req.valid('param');
      const contact = await contacts.update(c.get('access'), id, c.req.valid('json'));
      return c.json({ contact }, 200);
    },
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

  return router;
}
