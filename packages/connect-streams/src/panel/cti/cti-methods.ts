import { CLIENT_METHOD_OPERATIONS, type ClientMethods, type CtiOperation } from '../../protocol';

/**
 * CTI methods retried on unauthorized and access-denied answers.
 * @public
 */
export const RETRYABLE_CTI_METHODS: ReadonlySet<string> = new Set([
  'getAgentSnapshot',
  'getAgentConfiguration',
  'getAgentPermissions',
  'getAgentStates',
  'getDialableCountryCodes',
  'getRoutingProfileQueues',
]);

/**
 * The CTI operation a client method calls (`acceptContact` → `AcceptContact`), or `undefined`
 * for a method the CTI model lacks.
 * @public
 */
export function ctiOperationOf(method: string): CtiOperation | undefined {
  return Object.prototype.hasOwnProperty.call(CLIENT_METHOD_OPERATIONS, method)
    ? CLIENT_METHOD_OPERATIONS[method as ClientMethods]
    : undefined;
}
