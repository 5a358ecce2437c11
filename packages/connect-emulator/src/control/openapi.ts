import { controlOpenApiPaths } from './control-app';

/**
 * The OpenAPI 3.1 description of the control API, served at `/control/openapi.json`: generated
 * from the zod route schemas of every control route (Hono, see `control-app.ts` and
 * `service-routes.ts`), so it cannot drift from what is served.
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
    paths: generated.paths,
    components: {
      securitySchemes: {
        ControlToken: { type: 'apiKey', in: 'header', name: 'x-connect-emulator-token' },
      },
      schemas: generated.schemas,
    },
  };
}
