/**
 * The words the app shows for a failed request, in a toast or beside a form: the error's own
 * message (the server's, or the client's "cannot reach the server"), else `fallback`.
 */
export function errorText(error: unknown): string;
export function errorText<F extends string | undefined>(error: unknown, fallback: F): string | F;
export function errorText(error: unknown, fallback: string | undefined = 'Try again.') {
  return error instanceof Error ? error.message : fallback;
}
