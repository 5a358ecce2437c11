// Contact routes of duplicates: merging one contact into another, and a contact's likely
// duplicates.
import { apiErrorSchema, idParamsSchema } from '../../contract/common';
import {
  contactDuplicatesResponseSchema,
  contactMergeSchema,
  contactResponseSchema,
} from '../../contract/contacts';
import { authRoute, createRouter, json, jsonBody } from '../../lib/router';
import type { ContactService } from './service';

const tags = ['Contacts'];

/** The merge and duplicate routes. */
export function mergeRoutes(contacts: ContactService) {
  const router = createRouter();

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

  return router;
}
