/**
 * Builds the `agent::update` payload the way the real worker does: timestamps
 * as `Date` values, `localTimestamp`/`skew`, the id aliases, and contacts sorted by state time.
 */
import { isRecord } from '../../util';

/** Member names the CTI model declares as timestamps. */
const TIMESTAMP_KEYS: ReadonlySet<string> = new Set([
  'startTimestamp',
  'timeStamp',
  'timestamp',
  'snapshotTimestamp',
  'queueTimestamp',
  'joinTimeStamp',
  'scheduledTime',
]);

/**
 * Turns a JSON timestamp (epoch seconds as a number, or an ISO string) into a `Date`, as the
 * AWS JSON parser does; other values pass through.
 * @public
 */
export function toDate(value: unknown): unknown {
  if (typeof value === 'number') return new Date(value * 1000);
  if (typeof value === 'string') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : new Date(time);
  }
  return value;
}

/**
 * Deep-copies a CTI JSON answer, turning every timestamp member into a `Date`.
 * @public
 */
export function reviveTimestamps<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => reviveTimestamps(item)) as T;
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    out[key] = TIMESTAMP_KEYS.has(key) ? toDate(member) : reviveTimestamps(member);
  }
  return out as T;
}

const timeOf = (value: unknown): number => (value instanceof Date ? value.getTime() : 0);

/**
 * Stamps a freshly polled snapshot: `localTimestamp` (ms) and `skew` =
 * `snapshotTimestamp − localTimestamp` (ms), plus `contentLength` when known.
 * @public
 */
export function stampSnapshot(
  snapshot: Record<string, unknown>,
  localTimestamp: number,
  contentLength?: number,
): Record<string, unknown> {
  const stamped = reviveTimestamps(snapshot);
  stamped['localTimestamp'] = localTimestamp;
  stamped['skew'] = timeOf(stamped['snapshotTimestamp']) - localTimestamp;
  if (contentLength !== undefined) stamped['contentLength'] = contentLength;
  return stamped;
}

/**
 * Applies the worker's aliases in place before posting: `snapshot.status` (always `undefined`,
 * as in the real worker), `contact.status`, `connection.address`, `queue.queueId` and
 * `routingProfile.routingProfileId`; sorts contacts by `state.timestamp`.
 * @public
 */
export function applyAgentAliases(
  snapshot: Record<string, unknown>,
  configuration: Record<string, unknown>,
): void {
  snapshot['status'] = undefined;
  const contacts = Array.isArray(snapshot['contacts']) ? (snapshot['contacts'] as unknown[]) : [];
  if (contacts.length > 1) {
    contacts.sort((a, b) => {
      const sa = isRecord(a) && isRecord(a['state']) ? timeOf(a['state']['timestamp']) : 0;
      const sb = isRecord(b) && isRecord(b['state']) ? timeOf(b['state']['timestamp']) : 0;
      return sa - sb;
    });
  }
  for (const contact of contacts) {
    if (!isRecord(contact)) continue;
    contact['status'] = contact['state'];
    const connections = Array.isArray(contact['connections']) ? contact['connections'] : [];
    for (const connection of connections as unknown[]) {
      if (isRecord(connection)) connection['address'] = connection['endpoint'];
    }
    if (isRecord(contact['queue'])) contact['queue']['queueId'] = contact['queue']['queueARN'];
  }
  const profile = configuration['routingProfile'];
  if (isRecord(profile)) {
    if (isRecord(profile['defaultOutboundQueue'])) {
      profile['defaultOutboundQueue']['queueId'] = profile['defaultOutboundQueue']['queueARN'];
    }
    if (Array.isArray(profile['queues'])) {
      for (const queue of profile['queues'] as unknown[]) {
        if (isRecord(queue)) queue['queueId'] = queue['queueARN'];
      }
    }
    profile['routingProfileId'] = profile['routingProfileARN'];
  }
}
