import { SERVICES_OPENAPI_PATHS } from '../services/openapi';
/** The OpenAPI 3.1 description of the control API, served at `/control/openapi.json`. */
export function controlOpenApi(serverUrl: string): Record<string, unknown> {
  const error = { $ref: '#/components/schemas/Error' };
  const contact = { $ref: '#/components/schemas/Contact' };
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const errors = {
    '400': { description: 'Bad input', ...json(error) },
    '404': { description: 'Unknown contact, number or queue', ...json(error) },
    '409': { description: 'Not possible in the current state', ...json(error) },
  };
  const action = (summary: string, body?: unknown) => ({
    post: {
      summary,
      parameters: [{ name: 'contactId', in: 'path', required: true, schema: { type: 'string' } }],
      ...(body ? { requestBody: { required: true, ...json(body) } } : {}),
      responses: {
        '200': { description: 'The contact after the action', ...json(contact) },
        ...errors,
      },
    },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'connect-emulator control API',
      version: '1.0.0',
      description: 'Drive the simulated customers and inspect the emulated instance.',
    },
    servers: [{ url: serverUrl }],
    paths: {
      ...SERVICES_OPENAPI_PATHS,
      '/control/agents': {
        get: {
          summary: 'List agents and their states',
          responses: { '200': { description: 'Agents', ...json({ type: 'object' }) } },
        },
      },
      '/control/contacts': {
        get: {
          summary: 'List contacts and their states',
          responses: {
            '200': {
              description: 'Contacts',
              ...json({
                type: 'object',
                properties: { contacts: { type: 'array', items: contact } },
              }),
            },
          },
        },
      },
      '/control/contacts/{contactId}': {
        get: {
          summary: 'One contact',
          parameters: [
            { name: 'contactId', in: 'path', required: true, schema: { type: 'string' } },
          ],
          responses: {
            '200': { description: 'The contact', ...json(contact) },
            '404': errors['404'],
          },
        },
      },
      '/control/calls': {
        post: {
          summary: 'A customer dials a phone number of the instance or a queue name',
          requestBody: {
            required: true,
            ...json({
              type: 'object',
              required: ['to'],
              additionalProperties: false,
              properties: {
                to: {
                  type: 'string',
                  description: 'E.164 number of the instance, or a queue name',
                },
                from: { type: 'string', description: "The customer's E.164 number" },
                attributes: {
                  type: 'object',
                  additionalProperties: { type: 'string' },
                  description:
                    "Contact attributes the call carries (the flow's setAttributes steps apply over them)",
                },
                contactFlow: {
                  type: 'string',
                  description:
                    "A contact flow of the seed to run (default: the dialled number's flow, if any)",
                },
              },
            }),
          },
          responses: { '201': { description: 'The new contact', ...json(contact) }, ...errors },
        },
      },
      '/control/callbacks': {
        post: {
          summary: 'A customer asks to be called back: a queued callback waits in the queue',
          requestBody: {
            required: true,
            ...json({
              type: 'object',
              required: ['queue', 'number'],
              additionalProperties: false,
              properties: {
                queue: {
                  type: 'string',
                  description: 'Queue name or a phone number of the instance',
                },
                number: { type: 'string', description: "The customer's E.164 number" },
              },
            }),
          },
          responses: { '201': { description: 'The new contact', ...json(contact) }, ...errors },
        },
      },
      '/control/contacts/{contactId}/answer': action(
        'The customer answers an outbound call or a callback',
      ),
      '/control/contacts/{contactId}/reject': action('The customer rejects an outbound call'),
      '/control/contacts/{contactId}/no-answer': action(
        'The customer does not answer an outbound call',
      ),
      '/control/contacts/{contactId}/hangup': action('The customer hangs up'),
      '/control/contacts/{contactId}/digits': action('The customer presses digits', {
        type: 'object',
        required: ['digits'],
        additionalProperties: false,
        properties: { digits: { type: 'string', pattern: '^[0-9*#]+$' } },
      }),
      '/control/reset': {
        post: {
          summary: 'Reset the instance to its seed',
          responses: { '200': { description: 'Reset' } },
        },
      },
      '/control/clock/advance': {
        post: {
          summary: 'Advance the manual clock (only when started with one)',
          requestBody: {
            required: true,
            ...json({
              type: 'object',
              required: ['ms'],
              properties: { ms: { type: 'integer', minimum: 0 } },
            }),
          },
          responses: {
            '200': { description: 'New time' },
            '400': errors['400'],
            '409': errors['409'],
          },
        },
      },
    },
    components: {
      schemas: {
        Error: {
          type: 'object',
          description: 'AWS-shaped error (the x-amzn-ErrorType header names the type too)',
          required: ['__type', 'message'],
          properties: {
            __type: { type: 'string' },
            message: { type: 'string' },
            Message: { type: 'string' },
          },
        },
        Contact: {
          type: 'object',
          properties: {
            contactId: { type: 'string' },
            type: { type: 'string', enum: ['voice', 'queue_callback'] },
            initiationMethod: { type: 'string', enum: ['inbound', 'outbound', 'callback', 'api'] },
            queue: { type: 'string' },
            contactFlow: { type: ['string', 'null'] },
            attributes: { type: 'object', additionalProperties: { type: 'string' } },
            state: { type: 'string' },
            waiting: { type: 'boolean' },
            customerNumber: { type: 'string' },
            endReason: { type: ['string', 'null'] },
            connections: { type: 'array', items: { type: 'object' } },
            digits: {
              type: 'array',
              items: {
                type: 'object',
                properties: { from: { type: 'string' }, digits: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}
