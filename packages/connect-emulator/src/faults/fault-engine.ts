import { z } from 'zod';
import { seededRandom, type Random } from '../lib/rng';
import { FAULT_SERVICES, FAULT_STATUSES } from '../constants';

/** What a rule does when it fires. */
export const faultActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    status: z.literal(FAULT_STATUSES),
    /** Error type name; defaults per service and status. */
    errorType: z.string().min(1).optional(),
    message: z.string().optional(),
  }),
  z.object({ type: z.literal('latency'), ms: z.number().int().min(0).max(600_000) }),
  /** No answer at all: the request hangs until the client gives up. */
  z.object({ type: z.literal('drop') }),
  /** Closes the web socket (ws service). */
  z.object({
    type: z.literal('close-socket'),
    code: z.number().int().min(1000).max(4999).optional(),
  }),
  /** Does not echo a heartbeat (ws service, operation `heartbeat`). */
  z.object({ type: z.literal('miss-heartbeat') }),
]);
/** What a rule does when it fires. */
export type FaultAction = z.infer<typeof faultActionSchema>;

/** A fault rule as given to the control API or in a seed file. */
export const faultRuleInputSchema = z
  .object({
    id: z.string().min(1).optional(),
    service: z.enum(FAULT_SERVICES),
    /** Operation name (`GetAgentSnapshot`, `AgentAppService.VoiceId.evaluateSession`, `GetCurrentUserData`, `heartbeat`, …) or `*`. */
    operation: z.string().min(1).default('*'),
    action: faultActionSchema,
    /** Chance to fire on each matching request (0..1). */
    probability: z.number().min(0).max(1).default(1),
    /** Fires at most this many times, then stays in the list as spent. */
    count: z.number().int().min(1).optional(),
    /** Active from this epoch-ms time (inclusive). */
    from: z.number().optional(),
    /** Active until this epoch-ms time (exclusive). */
    until: z.number().optional(),
    /** Active from this many ms after the rule is added. */
    afterMs: z.number().int().min(0).optional(),
    /** Active for this many ms (after `afterMs`). */
    forMs: z.number().int().min(0).optional(),
  })
  .strict();
/** A fault rule as given to the control API or in a seed file. */
export type FaultRuleInput = z.input<typeof faultRuleInputSchema>;

/** A stored fault rule. */
export interface FaultRule {
  id: string;
  service: (typeof FAULT_SERVICES)[number];
  operation: string;
  action: FaultAction;
  probability: number;
  count?: number;
  /** Absolute window start and end (epoch ms). */
  from?: number;
  until?: number;
  /** Times it has fired. */
  fired: number;
  /** Times it matched (in window, not spent), fired or not. */
  matched: number;
}

/** The outcome for one request: total added latency and the terminal fault, if any. */
export interface FaultDecision {
  latencyMs: number;
  terminal?: Exclude<FaultAction, { type: 'latency' }>;
  ruleIds: string[];
}

/** Options of {@link FaultEngine}. */
export interface FaultEngineOptions {
  seed?: number;
  now?: () => number;
}

/**
 * Fault-injection rules per service and operation: HTTP status, added latency, dropped request,
 * closed web socket, missed heartbeat; with probability (seedable), count and time window.
 */
export class FaultEngine {
  private rules: FaultRule[] = [];
  private random: Random;
  private readonly now: () => number;
  private nextId = 1;

  constructor(options: FaultEngineOptions = {}) {
    this.random = seededRandom(options.seed ?? 1);
    this.now = options.now ?? Date.now;
  }

  /** Re-seeds the random source (probabilities then replay exactly). */
  seed(seed: number): void {
    this.random = seededRandom(seed);
  }

  /** Adds a rule (validated); returns it. */
  add(input: FaultRuleInput): FaultRule {
    const parsed = faultRuleInputSchema.parse(input);
    const at = this.now();
    const from = parsed.from ?? (parsed.afterMs === undefined ? undefined : at + parsed.afterMs);
    const until =
      parsed.until ?? (parsed.forMs === undefined ? undefined : (from ?? at) + parsed.forMs);
    const rule: FaultRule = {
      id: parsed.id ?? `fault-${this.nextId++}`,
      service: parsed.service,
      operation: parsed.operation,
      action: parsed.action,
      probability: parsed.probability,
      fired: 0,
      matched: 0,
    };
    if (parsed.count !== undefined) rule.count = parsed.count;
    if (from !== undefined) rule.from = from;
    if (until !== undefined) rule.until = until;
    this.rules = this.rules.filter((r) => r.id !== rule.id);
    this.rules.push(rule);
    return { ...rule };
  }

  /** Removes one rule; false when there was none. */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length !== before;
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The rules, with their counters. */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** True when there is at least one rule (a fast path for callers). */
  get active(): boolean {
    return this.rules.length > 0;
  }

  /**
   * Decides the faults for one request or web-socket event. Latency rules add up; the first
   * firing terminal rule (status, drop, close-socket, miss-heartbeat) wins.
   */
  decide(service: string, operation: string): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0, ruleIds: [] };
    if (this.rules.length === 0) return decision;
    const at = this.now();
    for (const rule of this.rules) {
      if (rule.service !== '*' && rule.service !== service) continue;
      if (rule.operation !== '*' && rule.operation.toLowerCase() !== operation.toLowerCase())
        continue;
      if (rule.from !== undefined && at < rule.from) continue;
      if (rule.until !== undefined && at >= rule.until) continue;
      if (rule.count !== undefined && rule.fired >= rule.count) continue;
      if (rule.action.type !== 'latency' && decision.terminal !== undefined) continue;
      rule.matched += 1;
      if (rule.probability < 1 && this.random() >= rule.probability) continue;
      rule.fired += 1;
      decision.ruleIds.push(rule.id);
      if (rule.action.type === 'latency') decision.latencyMs += rule.action.ms;
      else decision.terminal = rule.action;
    }
    return decision;
  }
}

/** Parses a seed file's content: a JSON array of rules, or `{seed, rules}`. */
export function parseFaultSeed(text: string): { seed?: number; rules: FaultRuleInput[] } {
  const json = JSON.parse(text) as unknown;
  const shape = z.union([
    z.array(faultRuleInputSchema),
    z.object({ seed: z.number().int().optional(), rules: z.array(faultRuleInputSchema) }).strict(),
  ]);
  const parsed = shape.parse(json);
  if (Array.isArray(parsed)) return { rules: parsed };
  return parsed.seed === undefined
    ? { rules: parsed.rules }
    : { seed: parsed.seed, rules: parsed.rules };
}
