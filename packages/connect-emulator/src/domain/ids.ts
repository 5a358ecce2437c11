import { createHash } from 'node:crypto';

/** A stable UUID-shaped id derived from its parts (so ARNs survive restarts of the same seed). */
export function stableId(...parts: string[]): string {
  const hex = createHash('sha1').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * ARN builders of one instance.
 * @public
 */
export class Arns {
  /** The instance's ARN. */
  readonly instance: string;

  /** The builders of the instance `instanceId` of `accountId` in `region`. */
  constructor(
    region: string,
    accountId: string,
    /** The instance's id. */
    readonly instanceId: string,
  ) {
    this.instance = `arn:aws:connect:${region}:${accountId}:instance/${instanceId}`;
  }

  /** An agent's ARN. */
  agent(id: string): string {
    return `${this.instance}/agent/${id}`;
  }
  /** A queue's ARN. */
  queue(id: string): string {
    return `${this.instance}/queue/${id}`;
  }
  /** The ARN of an agent's own queue. */
  agentQueue(agentId: string): string {
    return `${this.instance}/queue/agent/${agentId}`;
  }
  /** A routing profile's ARN. */
  routingProfile(id: string): string {
    return `${this.instance}/routing-profile/${id}`;
  }
  /** An agent state's ARN. */
  agentState(id: string): string {
    return `${this.instance}/agent-state/${id}`;
  }
  /** A quick connect's ARN (a transfer destination). */
  transferDestination(id: string): string {
    return `${this.instance}/transfer-destination/${id}`;
  }
}
