// The real-time metrics of a contact centre's queues (GetCurrentMetricData grouped by queue, voice
// only, 100 queues per call): calls waiting, the oldest wait and the agents available, online and
// on a call.
import { GetCurrentMetricDataCommand } from '@aws-sdk/client-connect';
import type { ConnectClients } from './connect-clients';
import type { InstanceRef } from './contact-centre';

/** A queue with its real-time metrics (GetCurrentMetricData). */
export interface QueueMetrics {
  readonly id: string;
  readonly name: string;
  readonly callsWaiting: number;
  readonly longestWaitSeconds: number;
  readonly agentsAvailable: number;
  /** Agents signed in whose routing profile serves the queue, whatever their status. */
  readonly agentsOnline: number;
  /** Of those, the agents on a voice contact. */
  readonly agentsOnCall: number;
}

/** GetCurrentMetricData takes at most 100 queues per filter. */
const QUEUES_PER_METRICS_CALL = 100;

/** Each of `queues` with its metrics; a queue the answer leaves out has zeros. */
export async function readQueueMetrics(
  sdk: ConnectClients,
  ref: InstanceRef,
  queues: readonly { id: string; name: string }[],
): Promise<QueueMetrics[]> {
  const client = sdk.client(ref.region);
  const values = new Map<string, Map<string, number>>();
  for (let i = 0; i < queues.length; i += QUEUES_PER_METRICS_CALL) {
    const slice = queues.slice(i, i + QUEUES_PER_METRICS_CALL).map((q) => q.id);
    let token: string | undefined;
    do {
      const page = await sdk.call('GetCurrentMetricData', () =>
        client.send(
          new GetCurrentMetricDataCommand({
            InstanceId: ref.instanceId,
            Filters: { Queues: slice, Channels: ['VOICE'] },
            Groupings: ['QUEUE'],
            CurrentMetrics: [
              { Name: 'CONTACTS_IN_QUEUE', Unit: 'COUNT' },
              { Name: 'OLDEST_CONTACT_AGE', Unit: 'SECONDS' },
              { Name: 'AGENTS_AVAILABLE', Unit: 'COUNT' },
              { Name: 'AGENTS_ONLINE', Unit: 'COUNT' },
              { Name: 'AGENTS_ON_CALL', Unit: 'COUNT' },
            ],
            MaxResults: QUEUES_PER_METRICS_CALL,
            NextToken: token,
          }),
        ),
      );
      for (const result of page.MetricResults ?? []) {
        const id = result.Dimensions?.Queue?.Id;
        if (!id) continue;
        const byName = new Map<string, number>();
        for (const c of result.Collections ?? [])
          if (c.Metric?.Name) byName.set(c.Metric.Name, c.Value ?? 0);
        values.set(id, byName);
      }
      token = page.NextToken;
    } while (token);
  }
  const count = (n: number | undefined) => Math.max(0, Math.round(n ?? 0));
  return queues.map((q) => {
    const v = values.get(q.id);
    return {
      id: q.id,
      name: q.name,
      callsWaiting: count(v?.get('CONTACTS_IN_QUEUE')),
      longestWaitSeconds: count(v?.get('OLDEST_CONTACT_AGE')),
      agentsAvailable: count(v?.get('AGENTS_AVAILABLE')),
      agentsOnline: count(v?.get('AGENTS_ONLINE')),
      agentsOnCall: count(v?.get('AGENTS_ON_CALL')),
    };
  });
}
