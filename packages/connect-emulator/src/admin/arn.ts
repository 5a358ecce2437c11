import { AdminApiError } from './errors';
import type { AdminInstanceInfo } from './types';

/** The instance ARN. */
export function instanceArn(info: AdminInstanceInfo): string {
  return `arn:aws:connect:${info.region}:${info.accountId}:instance/${info.instanceId}`;
}

/** An ARN of a resource under the instance (`agent`, `queue`, `routing-profile`, …). */
export function resourceArn(info: AdminInstanceInfo, kind: string, id: string): string {
  return `${instanceArn(info)}/${kind}/${id}`;
}

/** The ARN of a phone number (not under the instance). */
export function phoneNumberArn(info: AdminInstanceInfo, id: string): string {
  return `arn:aws:connect:${info.region}:${info.accountId}:phone-number/${id}`;
}

/** The resource kinds of instance ARNs the admin API reads (`…:instance/<id>/<kind>/<resource>`). */
export type ArnKind =
  | 'instance'
  | 'agent'
  | 'queue'
  | 'routing-profile'
  | 'transfer-destination'
  | 'contact'
  | 'agent-group';

const ARN = /^arn:([^:]+):connect:([^:]*):([^:]*):instance\/([^/]+)(?:\/([^/]+)\/(.+))?$/;

/**
 * The id a parameter names, as strictly as the service reads it: a plain id as it is; an ARN must
 * be an ARN of this instance (partition `aws`, its region, account and instance id) and of the
 * `kind` expected. A malformed ARN or one of another kind is `InvalidParameterException`; one of
 * another partition, region, account or instance is `ResourceNotFoundException`.
 */
export function idFromArn(info: AdminInstanceInfo, value: string, kind: ArnKind): string {
  if (!value.startsWith('arn:')) return value;
  const match = ARN.exec(value);
  if (!match)
    throw new AdminApiError('InvalidParameterException', `Invalid ARN: ${value.slice(0, 300)}`);
  const [, partition, region, account, instanceId, resourceKind, resourceId] = match;
  if (
    partition !== 'aws' ||
    region !== info.region ||
    account !== info.accountId ||
    instanceId !== info.instanceId
  )
    throw new AdminApiError(
      'ResourceNotFoundException',
      `Resource not found: ${value.slice(0, 300)}`,
    );
  if (kind === 'instance') {
    if (resourceKind !== undefined)
      throw new AdminApiError(
        'InvalidParameterException',
        `Not an instance ARN: ${value.slice(0, 300)}`,
      );
    return instanceId;
  }
  if (resourceKind !== kind)
    throw new AdminApiError(
      'InvalidParameterException',
      `Not a ${kind} ARN: ${value.slice(0, 300)}`,
    );
  return resourceId!;
}

/** Takes the last path part of an ARN, or the value itself when it is a plain id. */
export function idFromArnOrId(value: string): string {
  if (!value.startsWith('arn:')) return value;
  const slash = value.lastIndexOf('/');
  return slash === -1 ? value : value.slice(slash + 1);
}

/** Epoch milliseconds to the epoch seconds the REST-JSON protocol uses. */
export function toEpochSeconds(ms: number): number {
  return ms / 1000;
}
