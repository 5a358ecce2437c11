// Contact routes of the workspace's contact attributes (`/contact-attributes`).
import { apiErrorSchema, slugParamsSchema } from '../../contract/common';
import { contactAttributesSchema } from '../../contract/contacts';
import { authRoute, createRouter, json } from '../../lib/router';
import type { ContactService } from './service';

const tags = ['Contacts'];

/** The contact-attribute routes: read and save the attribute definitions. */
export function attributeRoutes(contacts: ContactService) {
  const router = createRouter();

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
