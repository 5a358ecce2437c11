// Shapes the control routes' OpenAPI declarations share (control-app.ts, service-routes.ts).

/** A JSON response of the given schema. */
export const json = <S>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body of the given schema. */
export const body = <S>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});
