/** An OpenAPI 3.1 operation object, loosely typed. */
type Operation = Record<string, unknown>;

const json = (description: string, schema: Record<string, unknown> = { type: 'object' }) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = (schema: Record<string, unknown>) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const idParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

const faultRule = {
  type: 'object',
  required: ['service', 'action'],
  properties: {
    id: { type: 'string' },
    service: { enum: ['cti', 'agent-app', 'admin', 'auth', 'ws', 'task-templates', '*'] },
    operation: { type: 'string', description: "Operation name or '*'", default: '*' },
    action: {
      oneOf: [
        {
          type: 'object',
          properties: {
            type: { const: 'status' },
            status: { enum: [401, 403, 429, 500, 503] },
            errorType: { type: 'string' },
            message: { type: 'string' },
          },
          required: ['type', 'status'],
        },
        {
          type: 'object',
          properties: { type: { const: 'latency' }, ms: { type: 'integer' } },
          required: ['type', 'ms'],
        },
        { type: 'object', properties: { type: { const: 'drop' } }, required: ['type'] },
        {
          type: 'object',
          properties: { type: { const: 'close-socket' }, code: { type: 'integer' } },
          required: ['type'],
        },
        { type: 'object', properties: { type: { const: 'miss-heartbeat' } }, required: ['type'] },
      ],
    },
    probability: { type: 'number', minimum: 0, maximum: 1, default: 1 },
    count: { type: 'integer', minimum: 1 },
    from: { type: 'number', description: 'epoch ms' },
    until: { type: 'number', description: 'epoch ms' },
    afterMs: { type: 'integer' },
    forMs: { type: 'integer' },
  },
};

const voiceIdCustomer = {
  type: 'object',
  properties: {
    speakerStatus: { enum: ['ENROLLED', 'OPTED_OUT', 'PENDING', 'NOT_ENROLLED'] },
    authentication: { enum: ['ACCEPT', 'REJECT', 'SPEAKER_EXPIRED', 'NOT_ENABLED'] },
    authenticationScore: { type: 'integer' },
    fraud: { enum: ['LOW_RISK', 'HIGH_RISK', 'NOT_ENABLED'] },
    fraudScore: { type: 'integer' },
    enrollment: { enum: ['COMPLETED', 'FAILED'] },
    holdSpeech: { type: 'boolean' },
  },
};

/**
 * OpenAPI `paths` of the control endpoints added by the services (faults, Voice ID, contact
 * events and webhooks, media), to merge into the emulator's `/control/openapi.json`.
 */
export const SERVICES_OPENAPI_PATHS: Record<string, Record<string, Operation>> = {
  '/control/faults': {
    get: {
      summary: 'List fault rules with fired/matched counters',
      responses: { 200: json('Rules') },
    },
    post: {
      summary: 'Add a fault rule (or {rules: [...]})',
      requestBody: body(faultRule),
      responses: { 201: json('The rule'), 400: json('Invalid rule') },
    },
    delete: { summary: 'Remove every fault rule', responses: { 200: json('Done') } },
  },
  '/control/faults/{id}': {
    delete: {
      summary: 'Remove one fault rule',
      parameters: [idParam('id', 'Rule id')],
      responses: { 200: json('Done'), 404: json('No such rule') },
    },
  },
  '/control/faults/seed': {
    post: {
      summary: 'Re-seed the fault probability source',
      requestBody: body({
        type: 'object',
        properties: { seed: { type: 'integer' } },
        required: ['seed'],
      }),
      responses: { 200: json('Seeded') },
    },
  },
  '/control/voice-id/settings': {
    get: { summary: 'Voice ID domain settings', responses: { 200: json('Settings') } },
    patch: {
      summary: 'Change Voice ID domain settings',
      requestBody: body({ type: 'object' }),
      responses: { 200: json('Settings') },
    },
  },
  '/control/voice-id/customers/{customerId}': {
    get: {
      summary: 'A simulated customer’s Voice ID behaviour',
      parameters: [idParam('customerId', 'Customer (speaker) id')],
      responses: { 200: json('Customer') },
    },
    put: {
      summary: 'Set a simulated customer’s Voice ID behaviour',
      parameters: [idParam('customerId', 'Customer (speaker) id')],
      requestBody: body(voiceIdCustomer),
      responses: { 200: json('Customer') },
    },
  },
  '/control/voice-id/sessions': {
    get: {
      summary: 'Voice ID sessions with accumulated speech',
      responses: { 200: json('Sessions') },
    },
  },
  '/control/voice-id/sessions/{contactId}/speech': {
    post: {
      summary: 'Add speech to, or hold back / release the speech of, a contact’s session',
      parameters: [idParam('contactId', 'Contact id')],
      requestBody: body({
        type: 'object',
        properties: { addMs: { type: 'integer' }, hold: { type: 'boolean' } },
      }),
      responses: { 200: json('Session') },
    },
  },
  '/control/voice-id/lcms-updates': {
    get: { summary: 'Recorded Lcms.updateVoiceIdData calls', responses: { 200: json('Updates') } },
  },
  '/control/voice-id/reset': {
    post: {
      summary: 'Forget Voice ID speakers, sessions and settings per customer',
      responses: { 200: json('Done') },
    },
  },
  '/control/webhooks': {
    get: { summary: 'Contact-event webhooks', responses: { 200: json('Webhooks') } },
    post: {
      summary: 'Add a contact-event webhook',
      requestBody: body({
        type: 'object',
        properties: { url: { type: 'string' }, id: { type: 'string' } },
        required: ['url'],
      }),
      responses: { 201: json('Webhook') },
    },
  },
  '/control/webhooks/{id}': {
    delete: {
      summary: 'Remove a webhook',
      parameters: [idParam('id', 'Webhook id')],
      responses: { 200: json('Done') },
    },
  },
  '/control/webhooks/attempts': {
    get: { summary: 'Webhook delivery attempts', responses: { 200: json('Attempts') } },
  },
  '/control/events': {
    get: {
      summary: 'Recent contact events (?since=N&contactId=)',
      responses: { 200: json('Events') },
    },
  },
  '/control/events/stream': {
    get: {
      summary: 'Contact events as server-sent events',
      responses: { 200: { description: 'text/event-stream' } },
    },
  },
  '/recordings/{location}': {
    get: {
      summary: 'The recording at a DescribeContact Recordings[].Location (bucket/key)',
      parameters: [idParam('location', 'bucket/key')],
      responses: { 200: { description: 'audio/wav' }, 404: json('No recording') },
    },
  },
  '/media/transcripts/{contactId}': {
    get: {
      summary: 'The transcript of a contact',
      parameters: [idParam('contactId', 'Contact id')],
      responses: { 200: json('Transcript'), 404: json('None') },
    },
  },
};
