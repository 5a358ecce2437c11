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
