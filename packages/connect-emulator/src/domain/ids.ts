import { createHash } from 'node:crypto';

/** A stable UUID-shaped id derived from its parts (so ARNs survive restarts of the same seed). */
export function stableId(...parts: string[]): string {
  const hex = createHash('sha1').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** ARN builders of one instance. */
export class Arns {
  readonly instance: string;

  constructor(
    region: string,
    accountId: string,
    readonly instanceId: string,
  ) {
    this.instance = `arn:aws:connect:${region}:${accountId}:instance/${instanceId}`;
  }

  agent(id: string): string {
    return `${this.instance}/agent/${id}`;
  }
  queue(id: string): string {
    return `${this.instance}/queue/${id}`;
  }
  agentQueue(agentId: string): string {
    return `${this.instance}/queue/agent/${agentId}`;
  }
  routingProfile(id: string): string {
    return `${this.instance}/routing-profile/${id}`;
  }
  agentState(id: string): string {
    return `${this.instance}/agent-state/${id}`;
  }
  transferDestination(id: string): string {
    return `${this.instance}/transfer-destination/${id}`;
  }
}
