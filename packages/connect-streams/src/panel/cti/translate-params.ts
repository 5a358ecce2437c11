/**
 * Builds the request body of a CTI call from the caller's params the way the real client does:
 * `null`/`undefined` members dropped, the configuration reduced to the updatable fields, the
 * softphone metric and report names renamed, and
 * `previousContactId` dropped when `relatedContactId` is present. The caller's object is not changed.
 * @internal
 */
import { isRecord } from '../../util';
export function translateParams(
  method: string,
  params: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) body[key] = value;
  }
  if (method === 'updateAgentConfiguration' && isRecord(body['configuration'])) {
    body['configuration'] = translateAgentConfiguration(body['configuration']);
  }
  if (method === 'sendSoftphoneCallMetrics' && Array.isArray(body['softphoneStreamStatistics'])) {
    body['softphoneStreamStatistics'] = translateStreamStatistics(
      body['softphoneStreamStatistics'],
    );
  }
  if (method === 'sendSoftphoneCallReport' && isRecord(body['report'])) {
    body['report'] = translateCallReport(body['report']);
  }
  if (body['relatedContactId'] !== undefined && 'previousContactId' in body) {
    delete body['previousContactId'];
  }
  return body;
}

function pickQueue(queue: unknown): unknown {
  return isRecord(queue) ? { queueARN: queue['queueARN'], name: queue['name'] } : queue;
}

function translateAgentConfiguration(config: Record<string, unknown>): Record<string, unknown> {
  const profile = config['routingProfile'];
  return {
    name: config['name'],
    softphoneEnabled: config['softphoneEnabled'],
    softphoneAutoAccept: config['softphoneAutoAccept'],
    extension: config['extension'],
    routingProfile: isRecord(profile)
      ? {
          name: profile['name'],
          routingProfileARN: profile['routingProfileARN'],
          defaultOutboundQueue: pickQueue(profile['defaultOutboundQueue']),
        }
      : profile,
    agentPreferences: config['agentPreferences'],
  };
}

function rename(record: Record<string, unknown>, from: string, to: string): void {
  if (from in record) {
    record[to] = record[from];
    delete record[from];
  }
}

/** Renames `packetsCount` to `packetCount` in each stream statistic. @internal */
export function translateStreamStatistics(stats: readonly unknown[]): unknown[] {
  return stats.map((stat) => {
    if (!isRecord(stat)) return stat;
    const copy = { ...stat };
    rename(copy, 'packetsCount', 'packetCount');
    return copy;
  });
}

/** Applies the call-report renaming rules. @internal */
export function translateCallReport(report: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...report };
  rename(copy, 'handshakingTimeMillis', 'handshakeTimeMillis');
  rename(copy, 'preTalkingTimeMillis', 'preTalkTimeMillis');
  rename(copy, 'handshakingFailure', 'handshakeFailure');
  rename(copy, 'talkingTimeMillis', 'talkTimeMillis');
  if (Array.isArray(copy['softphoneStreamStatistics'])) {
    copy['softphoneStreamStatistics'] = translateStreamStatistics(
      copy['softphoneStreamStatistics'],
    );
  }
  return copy;
}
