import { SERVICES_OPENAPI_PATHS } from '../services/openapi';
import { controlOpenApiPaths } from './control-app';

/** The region routes (served when the emulator runs two regions). */
const REGION_PATHS = {
  '/control/regions': {
    get: {
      summary:
        'Primary, secondary, active and pending region, failover count and mode (two regions only)',
      responses: { '200': { description: 'Region status' } },
    },
  },
  '/control/regions/failover-pending': {
    post: {
      summary: 'Announce a failover: the active panel sends failover-pending (two regions only)',
      responses: { '200': { description: 'Region status' } },
    },
  },
  '/control/regions/failover': {
    post: {
      summary:
        'Fail over (`mode` soft or hard, in the body or the query); without an announcement it goes through the pending step first (two regions only)',
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              properties: { mode: { enum: ['soft', 'hard'] } },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Region status' },
        '400': { description: 'A mode other than soft or hard' },
      },
    },
  },
} as const;

/**
 * The OpenAPI 3.1 description of the control API, served at `/control/openapi.json`. The
 * simulation routes' part is generated from their zod route schemas (Hono, see `control-app.ts`);
 * the fault, Voice ID, webhook, event, media and region routes are described by hand.
 */
export function controlOpenApi(serverUrl: string): Record<string, unknown> {
  const generated = controlOpenApiPaths();
  return {
    openapi: '3.1.0',
    info: {
      title: 'connect-emulator control API',
      version: '1.0.0',
      description:
        'Drive the simulated customers and inspect the emulated instance. Every request needs the x-connect-emulator-token header (the token the emulator prints) and, with a body, Content-Type: application/json; cross-site browser requests are refused.',
    },
    servers: [{ url: serverUrl }],
    security: [{ ControlToken: [] }],
    paths: { ...SERVICES_OPENAPI_PATHS, ...generated.paths, ...REGION_PATHS },
    components: {
      securitySchemes: {
        ControlToken: { type: 'apiKey', in: 'header', name: 'x-connect-emulator-token' },
      },
      schemas: generated.schemas,
    },
  };
}
