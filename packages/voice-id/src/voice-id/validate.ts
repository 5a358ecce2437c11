// Hand-written checks of agent-app response bodies (zod would not fit the 6 KB budget).

/** A JSON object. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Whether a value is a (non-array) object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a non-empty string. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value when it is a string. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
