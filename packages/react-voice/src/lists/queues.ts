import type { QueueMetricsItem } from '../api/contract';
import { formatMinutesSeconds } from '../controller/agent-status';

/**
 * One row of the queues tab: the queue's figures, its longest wait as a running mm:ss clock (null
 * while no call waits), and whether the user may take the next call from it.
 * @public
 */
export interface QueueRow {
  /** The queue and its figures, as the product API gave them. */
  readonly item: QueueMetricsItem;
  /** The queue's id. */
  readonly id: string;
  /** The longest wait now, `mm:ss`, or null when no call waits. */
  readonly longestWait: string | null;
  /**
   * 'Take next call' is offered: calls wait, the queue is one of the user's routing profile and
   * the user is not on a call.
   */
  readonly canTakeNextCall: boolean;
}

/**
 * The queue id of a queue ARN (`arn:aws:connect:…:instance/{instance}/queue/{id}`), or the value
 * itself when it is not an ARN.
 * @public
 */
export function queueIdOfArn(arn: string): string {
  const at = arn.lastIndexOf('/queue/');
  return at === -1 ? arn : arn.slice(at + '/queue/'.length);
}

/**
 * The queues tab's row of `item`. The longest wait runs from the moment the figure was read
 * (`receivedAt`, epoch ms), so it ticks with `now` without asking the server again.
 * @param servedQueueIds - the queues of the user's routing profile (none: the user takes no calls)
 * @param userFree - the user has voice and is not on a call
 * @public
 */
export function queueRow(
  item: QueueMetricsItem,
  receivedAt: number,
  now: number,
  servedQueueIds: ReadonlySet<string>,
  userFree: boolean,
): QueueRow {
  const waiting = item.callsWaiting > 0;
  return {
    item,
    id: item.queue.id,
    longestWait: waiting
      ? formatMinutesSeconds(Math.max(0, now - receivedAt) + item.longestWaitSeconds * 1000)
      : null,
    canTakeNextCall: waiting && userFree && servedQueueIds.has(item.queue.id),
  };
}
