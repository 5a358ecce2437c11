// The original's callback style over the typed core's promises: `{ success, failure }` called with
// the arguments the original hands them, and wire data typed as the original declares it.
import { CcpRequestError } from '../client/upstream-client';
import { ConnectError } from '../errors';
import { ContactStateType, MonitoringErrorTypes } from '../protocol/names';

/**
 * Success and failure callbacks, whatever their declared parameters: the original calls them with
 * the arguments it has (a success with the response data, a failure with the error and data).
 */
interface Callbacks {
  readonly success?: (...args: never[]) => void;
  readonly failure?: (...args: never[]) => void;
}

type Call = (...args: unknown[]) => void;

/** Wire data typed as the original declares it (its enums, its nullability). */
export const asDeclared = <T>(value: unknown): T => value as T;

const BARE_FAILURES: ReadonlySet<string> = new Set([
  ContactStateType.ERROR,
  MonitoringErrorTypes.INVALID_TARGET_STATE,
]);

/**
 * The arguments the original's failure callbacks receive: for a failed panel request the response's
 * `err` as the panel sent it (the real worker: a JSON string) and its `data`; otherwise the error.
 */
function failureArguments(err: unknown): [unknown, unknown?] {
  if (err instanceof CcpRequestError) return [err.raw, err.data];
  // accept() fails with the contact error state 'error', an invalid monitoring target with
  // 'invalid_target_state': the bare string, as the original.
  if (err instanceof ConnectError && BARE_FAILURES.has(err.errorKey)) return [err.errorKey];
  return [err];
}

export function run<T>(promise: Promise<T>, callbacks?: Callbacks): void {
  promise.then(
    (data) => (callbacks?.success as Call | undefined)?.(data),
    (err: unknown) => (callbacks?.failure as Call | undefined)?.(...failureArguments(err)),
  );
}

export function attempt<T>(fn: () => Promise<T>, callbacks?: Callbacks): void {
  let promise: Promise<T>;
  try {
    promise = fn();
  } catch (err) {
    // The original hands failure callbacks whatever was thrown, Error or not.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    promise = Promise.reject(err);
  }
  run(promise, callbacks);
}
